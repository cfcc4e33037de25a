//===- Verify.cpp - The IR verifier ---------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "penguin/Verify.h"

#include "penguin/AffinePredicate.h"
#include "penguin/Mask.h"
#include "penguin/Names.h"

#include <map>
#include <set>

namespace penguin {

namespace {

class Verifier {
public:
  Verifier(const Kernel &k, std::string file) : k_(k), file_(std::move(file)) {}

  std::vector<Diagnostic> run() {
    checkName(k_.name, "kernel", k_.loc);
    checkDeclarations();
    std::vector<std::string> ivs;
    checkBody(k_.body, ivs);
    return std::move(diags_);
  }

private:
  void report(const SourceLocation &loc, const std::string &msg) {
    SourceLocation l = loc;
    if (l.file.empty())
      l.file = file_;
    std::string m = msg;
    if (!l.isKnown())
      m = "kernel '" + k_.name + "': " + m;
    diags_.push_back({l, m});
  }

  void checkName(const std::string &name, const std::string &what,
                 const SourceLocation &loc) {
    if (!isValidName(name))
      report(loc, what + " name '" + name +
                      "' is not a valid name (a letter or '_' followed by "
                      "letters, digits or '_', not a keyword)");
  }

  void checkShape(const std::vector<int64_t> &s, const std::string &what,
                  const Tensor &t) {
    if (s.empty())
      report(t.loc, "tensor '" + t.name + "': the " + what + " is empty");
    for (int64_t e : s)
      if (e <= 0) {
        report(t.loc, "tensor '" + t.name + "': the " + what +
                          " has a non-positive extent " + std::to_string(e));
        break;
      }
  }

  void checkDeclarations() {
    std::map<std::string, std::string> values; // name -> what
    for (const Param &p : k_.params) {
      checkName(p.name, "parameter", p.loc);
      if (!values.emplace(p.name, "parameter").second)
        report(p.loc, "redefinition of '" + p.name + "'");
      if (p.lo.has_value() != p.hi.has_value())
        report(p.loc, "parameter '" + p.name + "' needs both bounds or none");
      else if (p.lo && *p.lo > *p.hi)
        report(p.loc, "parameter '" + p.name + "' has empty bounds [" +
                          std::to_string(*p.lo) + ", " + std::to_string(*p.hi) +
                          "]");
    }
    for (const RuntimeValueDecl &r : k_.runtimeValues) {
      checkName(r.name, "runtime value", r.loc);
      if (!values.emplace(r.name, "runtime value").second)
        report(r.loc, "redefinition of '" + r.name + "'");
    }
    std::set<std::string> tensors;
    for (const Tensor &t : k_.tensors) {
      checkName(t.name, "tensor", t.loc);
      if (!tensors.insert(t.name).second)
        report(t.loc, "redefinition of tensor '" + t.name + "'");
      checkShape(t.shape, "shape", t);
      bool onChip = t.memory != MemoryKind::DRAM;
      auto geometry = [&](const std::optional<std::vector<int64_t>> &s,
                          const std::string &what) {
        if (!s)
          return;
        if (!onChip)
          report(t.loc, "tensor '" + t.name + "': a " + what +
                            " is only meaningful for SBUF or PSUM tensors");
        checkShape(*s, what, t);
        if (s->size() != t.shape.size())
          report(t.loc, "tensor '" + t.name + "': the " + what + " has rank " +
                            std::to_string(s->size()) +
                            " but the tensor has "
                            "rank " +
                            std::to_string(t.shape.size()));
      };
      geometry(t.allocatedShape, "allocated shape");
      geometry(t.blockShape, "block shape");
      geometry(t.bankShape, "bank shape");
      if (t.isInputOrOutput() && onChip)
        report(t.loc, "tensor '" + t.name +
                          "': only DRAM tensors can be kernel inputs or "
                          "outputs");
      if (t.allocation) {
        checkName(*t.allocation, "allocation", t.loc);
        if (!t.allocatedShape)
          report(t.loc, "tensor '" + t.name + "': the allocation name '" +
                            *t.allocation + "' needs an allocated shape");
      }
    }
    checkSharedAllocations();
  }

  // Tensors living in one allocation (the same allocation name) share its
  // memory kind and geometry (an absent allocated shape is the tensor's
  // shape).
  void checkSharedAllocations() {
    std::map<std::string, const Tensor *> first;
    for (const Tensor &t : k_.tensors) {
      auto [it, inserted] = first.emplace(t.allocationName(), &t);
      if (inserted)
        continue;
      const Tensor &o = *it->second;
      if (o.name == t.name)
        continue; // a redefinition, reported on its own
      auto shapeOf = [](const Tensor &x) {
        return x.allocatedShape ? *x.allocatedShape : x.shape;
      };
      std::string what;
      if (o.memory != t.memory)
        what = "memory";
      else if (shapeOf(o) != shapeOf(t))
        what = "allocated shape";
      else if (o.blockShape != t.blockShape)
        what = "block shape";
      else if (o.bankShape != t.bankShape)
        what = "bank shape";
      if (!what.empty())
        report(t.loc, "tensor '" + t.name + "' shares the allocation '" +
                          t.allocationName() + "' with tensor '" + o.name +
                          "' but has another " + what);
    }
  }

  // Every leaf of `e` must be an enclosing loop variable (when allowed), a
  // declared parameter or (when allowed) a declared runtime value.
  void checkLeaves(AffineExpr e, const std::vector<std::string> &ivs,
                   bool allowIvs, bool allowRuntime, const SourceLocation &loc,
                   const std::string &where) {
    if (e.isNull()) {
      report(loc, where + ": missing expression");
      return;
    }
    forEachLeaf(e, [&](AffineExpr leaf) {
      const std::string &n = leaf.name();
      switch (leaf.kind()) {
      case ExprKind::Index: {
        bool enclosing = false;
        for (const std::string &iv : ivs)
          enclosing = enclosing || iv == n;
        if (!allowIvs)
          report(loc, where + " uses the loop variable '" + n +
                          "'; it may only use parameters and constants");
        else if (!enclosing)
          report(loc, where + " uses '" + n +
                          "', which is not the variable of an enclosing loop");
        break;
      }
      case ExprKind::Param:
        if (!k_.findParam(n))
          report(loc, where + " uses the undeclared parameter '" + n + "'");
        break;
      case ExprKind::RuntimeValue:
        if (!allowRuntime)
          report(loc, where + " uses the runtime value '" + n +
                          "'; it may only use compile-time values");
        else if (!k_.findRuntimeValue(n))
          report(loc, where + " uses the undeclared runtime value '" + n + "'");
        break;
      default:
        break;
      }
    });
  }

  void checkAccess(const AccessPattern &ap, const std::vector<std::string> &ivs,
                   const Instruction &inst, const std::string &role) {
    SourceLocation loc = ap.loc.isKnown() ? ap.loc : inst.loc;
    std::string where =
        inst.statementName() + ": " + role + " '" + ap.str() + "'";
    const Tensor *t = k_.findTensor(ap.tensor);
    if (!t)
      report(loc, where + " uses the unknown tensor '" + ap.tensor + "'");
    else if (ap.rank() != t->rank())
      report(loc, where + " has " + std::to_string(ap.rank()) + " ind" +
                      (ap.rank() == 1 ? "ex" : "ices") + " but tensor '" +
                      t->name + "' has rank " + std::to_string(t->rank()));
    for (AffineExpr e : ap.indices)
      checkLeaves(e, ivs, true, true, loc, where);
  }

  void checkInstruction(const Instruction &inst,
                        const std::vector<std::string> &ivs) {
    std::string name = inst.statementName();
    if (inst.id < 0)
      report(inst.loc,
             "instruction id " + std::to_string(inst.id) + " is negative");
    else if (!ids_.insert(inst.id).second)
      report(inst.loc, "duplicate instruction id " + name);
    // Opcodes may be reserved words (`mod(...)`), but must be identifiers.
    if (!isValidName(inst.opcode) && !isKeyword(inst.opcode))
      report(inst.loc,
             name + ": opcode '" + inst.opcode + "' is not a valid name");
    if (inst.dst)
      checkAccess(*inst.dst, ivs, inst, "destination");
    for (const AccessPattern *ap : inst.operandAccesses())
      checkAccess(*ap, ivs, inst, "operand");
    for (const AffinePredicate &p : inst.predicates) {
      std::string where = name + ": predicate '" + p.str() + "'";
      if (!isLegalPredicate(p)) {
        try {
          checkLegalPredicate(p);
        } catch (const IRError &e) {
          report(inst.loc, name + ": " + e.what());
        }
        continue;
      }
      checkLeaves(p.expr(), ivs, true, false, inst.loc, where);
    }
    if (inst.opcode == kAffineSelectOpcode && inst.predicates.size() != 1)
      report(inst.loc, name + ": " + kAffineSelectMessage +
                           std::to_string(inst.predicates.size()));
  }

  void checkBody(const std::vector<Stmt> &body, std::vector<std::string> &ivs) {
    for (const Stmt &s : body) {
      if (const Instruction *inst = s.asInstruction()) {
        checkInstruction(*inst, ivs);
      } else if (const Loop *l = s.asLoop()) {
        checkName(l->iv, "loop variable", l->loc);
        for (const std::string &iv : ivs)
          if (iv == l->iv)
            report(l->loc, "loop variable '" + l->iv +
                               "' shadows an enclosing loop variable");
        if (k_.findParam(l->iv) || k_.findRuntimeValue(l->iv))
          report(l->loc, "loop variable '" + l->iv +
                             "' shadows a parameter or runtime value");
        if (l->stride <= 0)
          report(l->loc, "loop '" + l->iv + "' has step " +
                             std::to_string(l->stride) +
                             "; the step must be positive");
        // Bounds may use parameters, constants and the variables of the
        // enclosing loops (not the loop's own variable).
        for (AffineExpr b : l->lowerBounds())
          checkLeaves(b, ivs, true, false, l->loc,
                      "the lower bound of loop '" + l->iv + "'");
        for (AffineExpr b : l->upperBounds())
          checkLeaves(b, ivs, true, false, l->loc,
                      "the upper bound of loop '" + l->iv + "'");
        ivs.push_back(l->iv);
        checkBody(l->body, ivs);
        ivs.pop_back();
      } else if (const Scope *sc = s.asScope()) {
        checkName(sc->name, "scope", sc->loc);
        checkBody(sc->body, ivs);
      }
    }
  }

  const Kernel &k_;
  std::string file_;
  std::vector<Diagnostic> diags_;
  std::set<int64_t> ids_;
};

} // namespace

std::vector<Diagnostic> verifyKernel(const Kernel &kernel,
                                     const std::string &file) {
  return Verifier(kernel, file).run();
}

std::vector<Diagnostic> verifyModule(const Module &module) {
  std::vector<Diagnostic> out;
  std::set<std::string> names;
  for (const Kernel &k : module.kernels) {
    if (!names.insert(k.name).second) {
      SourceLocation l = k.loc;
      if (l.file.empty())
        l.file = module.file;
      out.push_back({l, "redefinition of kernel '" + k.name + "'"});
    }
    std::vector<Diagnostic> ds = verifyKernel(k, module.file);
    out.insert(out.end(), ds.begin(), ds.end());
  }
  return out;
}

} // namespace penguin

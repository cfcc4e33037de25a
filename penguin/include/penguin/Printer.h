//===- Printer.h - Writing the .pn text form --------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The canonical printer: two-space indentation, one declaration or statement
// per line, tensors before runtime values, `step` always printed, predicates
// in native form joined by `&`. For any module m, parseModule(print(m))
// prints back to print(m); text produced by the printer is a fixed point:
// print(parse(x)) == x.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_PRINTER_H
#define PENGUIN_PRINTER_H

#include "penguin/Kernel.h"

#include <string>

namespace penguin {

std::string printModule(const Module &module);
std::string printKernel(const Kernel &kernel);
/// An operand as the text form writes it (access pattern or immediate).
std::string printOperand(const Operand &op);
/// A floating-point immediate: shortest round-trip form, always with a '.',
/// an exponent, or inf/nan so it never reads back as an integer.
std::string printFloat(double value);

} // namespace penguin

#endif // PENGUIN_PRINTER_H

//===- Tensor.h - Tensors and their memories --------------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A tensor of the Penguin IR: a name, an element type, a logical shape, the
// memory it lives in (DRAM, the on-chip SBUF, or the PSUM accumulators) and,
// for on-chip allocations, the allocated shape and its block and bank
// tiling (which the dependence analysis uses to remap accesses onto the
// physical allocation, "%s_alloc"). DRAM tensors may be kernel inputs and/or
// outputs; those are never remapped (the seed's isInputOrOutput).
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_TENSOR_H
#define PENGUIN_TENSOR_H

#include "penguin/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace penguin {

enum class MemoryKind { DRAM, SBUF, PSUM };
std::string_view toString(MemoryKind kind);
std::optional<MemoryKind> parseMemoryKind(std::string_view text);

/// Element types (spelled as in the text form).
enum class DataType {
  Bool,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  F16,
  BF16,
  F32,
  F64,
  FP8E4M3,
  FP8E5M2,
};
/// "bool", "i8", ..., "f32", "fp8e4m3", ...
std::string_view toString(DataType type);
std::optional<DataType> parseDataType(std::string_view text);
/// All spellings, for messages ("bool, i8, ...").
std::string allDataTypeNames();

struct Tensor {
  std::string name;
  DataType dtype = DataType::F32;
  std::vector<int64_t> shape;
  MemoryKind memory = MemoryKind::DRAM;
  /// On-chip allocation geometry (SBUF / PSUM only).
  std::optional<std::vector<int64_t>> allocatedShape;
  /// The name of the on-chip allocation the tensor lives in (written
  /// `alloc NAME [shape]`); tensors naming the same allocation share its
  /// memory. Absent: the tensor has an allocation of its own, named after
  /// the tensor. Only with an allocated shape.
  std::optional<std::string> allocation;
  std::optional<std::vector<int64_t>> blockShape;
  std::optional<std::vector<int64_t>> bankShape;
  /// Kernel input / output (DRAM only).
  bool isInput = false;
  bool isOutput = false;
  SourceLocation loc;

  size_t rank() const { return shape.size(); }
  bool isInputOrOutput() const { return isInput || isOutput; }
  /// The allocation name: `allocation`, or the tensor's own name.
  const std::string &allocationName() const {
    return allocation ? *allocation : name;
  }
};

} // namespace penguin

#endif // PENGUIN_TENSOR_H

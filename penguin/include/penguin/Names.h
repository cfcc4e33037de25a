//===- Names.h - The names the text form can spell --------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lexicon of the .pn text form that the IR itself must respect: the
// reserved words and the spelling of names. The verifier holds every name of
// a module to it (so that any valid module prints and reads back), and the
// lexer recognises the same words.
//
//===----------------------------------------------------------------------===//
#ifndef PENGUIN_NAMES_H
#define PENGUIN_NAMES_H

#include <string_view>

namespace penguin {

/// True for the reserved words of the text form (they cannot be names).
bool isKeyword(std::string_view word);
/// True for a name the text form can spell: a letter or '_' followed by
/// letters, digits or '_', and not a keyword.
bool isValidName(std::string_view word);

} // namespace penguin

#endif // PENGUIN_NAMES_H

//===- Interrupt.h - Ctrl-C in an interactive session ----------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// While an InterruptHandler lives, SIGINT (Ctrl-C) does not end the
// process: it sets a flag. The engine watches the flag through its work
// budget (WorkBudget::setCancelFlag), so a running statement stops at the
// engine's next charge with an "interrupted" error; the line reader sees
// the flag when its read is interrupted and drops the line being typed.
// The session, its variables and its history stay.
//
//===----------------------------------------------------------------------===//
#ifndef PCALC_INTERRUPT_H
#define PCALC_INTERRUPT_H

#include <atomic>
#include <csignal>

namespace presburger::calc {

/// The flag SIGINT sets (false until an interrupt, and after clearInterrupt).
const std::atomic<bool> &interruptFlag();
/// Whether Ctrl-C was pressed since the last clearInterrupt.
bool interruptRequested();
/// Forgets a pending interrupt (before reading a line or running one).
void clearInterrupt();
/// Sets the flag, as SIGINT does (for tests).
void requestInterrupt();

/// Installs the SIGINT handler and hands the flag to the engine for this
/// thread; the destructor restores the previous handler and removes the
/// flag.
class InterruptHandler {
public:
  InterruptHandler();
  ~InterruptHandler();
  InterruptHandler(const InterruptHandler &) = delete;
  InterruptHandler &operator=(const InterruptHandler &) = delete;

private:
  struct sigaction previous_;
  bool installed_ = false;
};

} // namespace presburger::calc

#endif // PCALC_INTERRUPT_H

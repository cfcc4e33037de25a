//===- Interrupt.cpp - Ctrl-C in an interactive session -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "pcalc/Interrupt.h"

#include "presburger/WorkBudget.h"

#include <cstring>

namespace presburger::calc {

namespace {

// A lock-free atomic may be written from a signal handler.
static_assert(std::atomic<bool>::is_always_lock_free);
std::atomic<bool> interrupted{false};

extern "C" void onInterrupt(int) {
  interrupted.store(true, std::memory_order_relaxed);
}

} // namespace

const std::atomic<bool> &interruptFlag() { return interrupted; }

bool interruptRequested() {
  return interrupted.load(std::memory_order_relaxed);
}

void clearInterrupt() { interrupted.store(false, std::memory_order_relaxed); }

void requestInterrupt() { interrupted.store(true, std::memory_order_relaxed); }

InterruptHandler::InterruptHandler() {
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  // No SA_RESTART: a read waiting for the terminal returns EINTR, so the
  // line reader learns of the interrupt at once.
  action.sa_flags = 0;
  installed_ = sigaction(SIGINT, &action, &previous_) == 0;
  clearInterrupt();
  WorkBudget::setCancelFlag(&interrupted);
}

InterruptHandler::~InterruptHandler() {
  WorkBudget::setCancelFlag(nullptr);
  if (installed_)
    sigaction(SIGINT, &previous_, nullptr);
}

} // namespace presburger::calc

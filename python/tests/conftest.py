# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Hypothesis profiles: `ci` (the default, seconds) and `long`
(PRESBURGER_HYPOTHESIS_PROFILE=long, the ctest label `long`)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=int(os.environ.get("PRESBURGER_HYPOTHESIS_EXAMPLES", "25")),
    deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.data_too_large])
settings.register_profile(
    "long", max_examples=400, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.data_too_large])
settings.load_profile(os.environ.get("PRESBURGER_HYPOTHESIS_PROFILE", "ci"))

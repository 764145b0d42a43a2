"""What the environments share: the error of a call made before the first deal, and the
import error of a missing extra."""

from __future__ import annotations

import pytest

from briscola import InvalidStateError
from briscola.envs._common import require


def test_a_call_before_the_first_reset_says_there_is_no_deal_yet() -> None:
    gymnasium = pytest.importorskip("briscola.envs.gymnasium")
    pettingzoo = pytest.importorskip("briscola.envs.pettingzoo")
    message = r"^the environment has no deal yet: call reset\(\) first$"
    with pytest.raises(InvalidStateError, match=message):
        _ = gymnasium.BriscolaEnv("classic").game
    with pytest.raises(InvalidStateError, match=message):
        _ = pettingzoo.raw_env("classic").game


def test_a_missing_extra_is_named_without_the_import_machinery_behind_it() -> None:
    with pytest.raises(ImportError) as missing:
        require("briscola_has_no_such_module", "gymnasium")
    assert str(missing.value) == (
        "this environment needs briscola_has_no_such_module: pip install 'briscola[gymnasium]'"
    )
    assert missing.value.__cause__ is None
    assert missing.value.__suppress_context__

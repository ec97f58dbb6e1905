"""The cycle collector's pause (scoring.collector): off inside, as it was after, however the
block ends."""

import doctest
import gc

import pytest

import scoring.collector
from scoring.collector import collector_paused


@pytest.fixture
def collector_restored():
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_off_inside_and_as_it_was_after(enabled, collector_restored):
    (gc.enable if enabled else gc.disable)()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled() is enabled


def test_the_collector_is_enabled_again_when_the_block_raises(collector_restored):
    gc.enable()
    with pytest.raises(KeyError), collector_paused():
        raise KeyError("x")
    assert gc.isenabled()


def test_docstring_examples_run():
    outcome = doctest.testmod(scoring.collector)
    assert outcome.attempted > 0 and outcome.failed == 0

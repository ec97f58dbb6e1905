"""A process's bounded store of bytes: the least recently used go first, the limit holds."""

from hypothesis import given
from hypothesis import strategies as st

from core.kept_bytes import KeptBytes


def test_the_least_recently_used_bytes_are_dropped_first():
    kept = KeptBytes(limit=10)
    kept.keep("a", b"12345")
    kept.keep("b", b"12345")
    assert kept.get("a") == b"12345"  # now the most recently used
    kept.keep("c", b"123")
    assert kept.get("b") is None and kept.get("a") == b"12345" and kept.get("c") == b"123"
    assert kept.size == 8


def test_bytes_larger_than_the_limit_are_not_kept():
    kept = KeptBytes(limit=10)
    kept.keep("huge", b"x" * 11)
    assert kept.get("huge") is None and kept.size == 0


def test_clearing_forgets_everything():
    kept = KeptBytes(limit=10)
    kept.keep("a", b"1")
    kept.clear()
    assert kept.get("a") is None and kept.size == 0


@given(
    st.integers(1, 40),
    st.dictionaries(st.sampled_from("abcdef"), st.binary(max_size=12), min_size=1),
    st.data(),
)
def test_the_bytes_kept_never_pass_the_limit_and_are_what_was_kept(limit, contents, data):
    kept = KeptBytes(limit=limit)  # keyed by content, as its users key it: one value per key
    for key in data.draw(st.lists(st.sampled_from(sorted(contents)), max_size=30)):
        kept.keep(key, contents[key])
        assert kept.size <= limit
        assert kept.get(key) == (contents[key] if len(contents[key]) <= limit else None)
        assert kept.size == sum(len(contents[k]) for k in contents if kept.get(k) is not None)

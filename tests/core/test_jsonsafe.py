"""tarot_core.jsonsafe: outside JSON is bounded in size and depth before json.loads sees it."""

import pytest

from tarot_core.jsonsafe import UntrustedJSONError, check, loads


def test_ordinary_json_parses():
    assert loads('{"a": [1, 2, {"b": "x"}], "c": null}') == {"a": [1, 2, {"b": "x"}], "c": None}


def test_deep_nesting_is_refused_before_parsing():
    text = "[" * 200_000 + "]" * 200_000
    with pytest.raises(UntrustedJSONError) as info:
        loads(text)
    assert info.value.reason == "depth"


def test_depth_bound_is_exact():
    assert loads("[" * 64 + "]" * 64, max_depth=64) is not None
    with pytest.raises(UntrustedJSONError):
        loads("[" * 65 + "]" * 65, max_depth=64)


def test_brackets_inside_strings_do_not_count():
    text = '["' + "[{" * 1000 + '\\"[" ]'
    assert loads(text) == ["[{" * 1000 + '"[']


def test_size_bound():
    with pytest.raises(UntrustedJSONError) as info:
        loads('"' + "x" * 100 + '"', max_chars=50)
    assert info.value.reason == "size"


@pytest.mark.parametrize("text", ["", "{", "[1,]", "nan?", "1" * 5000])
def test_bad_text_is_a_syntax_error(text):
    with pytest.raises(UntrustedJSONError) as info:
        loads(text)
    assert info.value.reason == "syntax"


@pytest.mark.parametrize("value", [None, b"[]", 3, ["[]"]])
def test_non_text_is_refused(value):
    with pytest.raises(UntrustedJSONError) as info:
        check(value)
    assert info.value.reason == "type"


def test_a_hook_s_own_error_passes_through_unchanged():
    """A hook (``object_pairs_hook``…) that raises its own ValueError is not a syntax error: the
    CLI's duplicate-key check must still name its key (issue 31: the CLI reads through loads)."""
    class Duplicate(ValueError):
        pass

    def refuse(pairs):
        raise Duplicate("twice")

    with pytest.raises(Duplicate, match="twice"):
        loads('{"a": 1}', object_pairs_hook=refuse)

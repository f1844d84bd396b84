import pytest

from cardtable.engine import (
    AUTO,
    BoolOption,
    ChoiceOption,
    IntMapOption,
    IntOption,
    OptionError,
    OptionSchema,
    TextOption,
)

SCHEMA = OptionSchema(
    [
        BoolOption("flag", True, "A switch."),
        IntOption("count", 3, "A number.", minimum=1, maximum=5),
        IntOption("rounds", AUTO, "Auto or a number.", minimum=1, maximum=9, auto=True),
        ChoiceOption("side", "left", "A choice.", choices=("left", "right")),
        TextOption("label", "points", "A label.", max_length=10),
        IntMapOption("jacks", {"a": 1, "b": 2}, "Values.", keys=("a", "b"), minimum=0, maximum=9),
    ]
)


def test_defaults_fill_everything():
    assert SCHEMA.validate({}) == {
        "flag": True,
        "count": 3,
        "rounds": "auto",
        "side": "left",
        "label": "points",
        "jacks": {"a": 1, "b": 2},
    }


def test_valid_values_are_kept():
    out = SCHEMA.validate({"flag": False, "count": 5, "rounds": 4, "side": "right", "jacks": {"b": 0}})
    assert out["flag"] is False and out["count"] == 5 and out["rounds"] == 4
    assert out["jacks"] == {"a": 1, "b": 0}


@pytest.mark.parametrize(
    "values, key, words",
    [
        ({"nope": 1}, "nope", "unknown option"),
        ({"flag": "yes"}, "flag", "true or false"),
        ({"count": True}, "count", "whole number"),
        ({"count": 2.5}, "count", "whole number"),
        ({"count": 0}, "count", "at least 1"),
        ({"count": 6}, "count", "at most 5"),
        ({"rounds": "sometimes"}, "rounds", '"auto"'),
        ({"side": "up"}, "side", "one of left, right"),
        ({"label": ""}, "label", "empty"),
        ({"label": "x" * 11}, "label", "at most 10"),
        ({"jacks": {"c": 1}}, "jacks.c", "unknown key"),
        ({"jacks": {"a": 10}}, "jacks.a", "between 0 and 9"),
        ({"jacks": 3}, "jacks", "mapping"),
    ],
)
def test_bad_values_name_the_key_and_the_reason(values, key, words):
    with pytest.raises(OptionError) as info:
        SCHEMA.validate(values)
    assert info.value.key == key
    assert words in str(info.value)


def test_changes_lists_only_differences():
    values = SCHEMA.validate({"count": 4, "flag": True})
    assert [(o.key, v) for o, v in SCHEMA.changes(values)] == [("count", 4)]


def test_a_schema_with_a_bad_default_is_refused():
    with pytest.raises(OptionError):
        OptionSchema([IntOption("n", 0, "x", minimum=1, maximum=2)])

"""The A/B match driver of engine settings (python -m tzaar.ai.ab)."""

import pytest

from tzaar.ai import ab, search


def test_settings_name_existing_constants_with_literal_values():
    [(module, name, value)] = ab.parse_settings("search.LMR_AFTER=1<<30")
    assert (module, name, value) == (search, "LMR_AFTER", 1 << 30)
    assert [v for _, _, v in ab.parse_settings("search.PRUNE_STACKINGS=0; search.ASPIRATION=250")] == [0, 250]


@pytest.mark.parametrize("spec", ["search.NO_SUCH=1", "nomodule.X=1", "PRUNE_STACKINGS=0", "search.LMR_AFTER",
                                  "search.LMR_AFTER=__import__('os')"])
def test_a_bad_setting_is_refused_clearly(spec):
    with pytest.raises(ab.BadSetting):
        ab.parse_settings(spec)


def test_each_side_plays_with_its_settings_and_they_are_restored():
    seen = []
    original = search.PRUNE_STACKINGS
    real = search.Search.run

    def spy(self):
        seen.append(search.PRUNE_STACKINGS)
        return real(self)

    search.Search.run = spy
    try:
        results = ab.run(2, 150, 150, 1, ab.parse_settings("search.PRUNE_STACKINGS=7"), [], jobs=1)
    finally:
        search.Search.run = real
    assert len(results) == 2
    assert 7 in seen and original in seen  # A with its setting, B with the default
    assert search.PRUNE_STACKINGS == original


def test_the_command_line_refuses_bad_arguments(capsys):
    assert ab.main(["2", "100"]) == 2
    assert ab.main(["2", "x", "1", "", ""]) == 2
    assert ab.main(["2", "100", "1", "search.NOPE=1", ""]) == 2
    assert "has no NOPE" in capsys.readouterr().err

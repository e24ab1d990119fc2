"""The lessons' steps: data, checked by tests/test_lessons_data.py with the rules engine.

Each lesson: ``id`` (its texts are ``lessons.<id>.title`` and ``lessons.<id>.<n>``, the goal of
step n, in web/lang/*.json) and ``steps``; each step: ``position`` (position text, the
player to move), ``goal`` (a goal of :mod:`tzaar.study.lessons`), ``hint`` (the action the hint
marks) and ``solution`` (the player's actions the author had in mind, the hint first; a
defence the page plays is not in it).  Any other play that reaches the goal counts too.
"""

LESSONS = (
    {
        "id": "moving",
        "steps": (
            {
                "position": "Z...A/.....T/.T...t./......../......../......../......./t...../z...a w1",
                "goal": {"kind": "capture", "point": "C6"},
                "hint": "C2xC6",
                "solution": ("C2xC6",),
            },
            {
                "position": "Z...A/.....T/.T.t.z./......../......../......../...a.../t...../z...a w1",
                "goal": {"kind": "capture", "point": "G4"},
                "hint": "C2xG4",
                "solution": ("C2xG4",),
            },
        ),
    },
    {
        "id": "height",
        "steps": (
            {
                "position": "Z...A/..T.../......./.T2..a2.../......../......../z....../.....a/z...t w1",
                "goal": {"kind": "capture", "point": "D5"},
                "hint": "D2xD5",
                "solution": ("D2xD5",),
            },
            {
                "position": "Z...A/.....a/......t/......../T2......./......../T3...z3../....../..t2.z w1",
                "goal": {"kind": "capture", "point": "G5"},
                "hint": "G1xG5",
                "solution": ("G1xG5",),
            },
        ),
    },
    {
        "id": "stacking",
        "steps": (
            {
                "position": "A...t/....../.T..Z../......../......../......../T....../.....t/z...a w2",
                "goal": {"kind": "stack", "height": 2},
                "hint": "C5-C2",
                "solution": ("C5-C2",),
            },
            {
                "position": "t..A./Z...../......./.......T/.T2....../......../......./....../zA..a w2",
                "goal": {"kind": "stack", "height": 3},
                "hint": "I2-E2",
                "solution": ("I2-E2",),
            },
        ),
    },
    {
        "id": "turn",
        "steps": (
            {
                "position": "ttttT/TaaaAT/TAzzZAT/TAZtTZAT/TAZTtzat/taztTzat/tazZZat/taAAAt/tTTTT w1",
                "goal": {"kind": "captures", "count": 1},
                "hint": "C5xC4",
                "solution": ("C5xC4",),
            },
            {
                "position": "Z...A/....../.T...t./......../......../.......a/......./T...../z...t w1",
                "goal": {"kind": "captures", "count": 2},
                "hint": "C2xC6",
                "solution": ("C2xC6", "C6xF8"),
            },
        ),
    },
    {
        "id": "types",
        "steps": (
            {
                "position": "Z...A/.....T/.T...../......../......../......../...a.../.....z/z...t w1",
                "goal": {"kind": "win", "turns": 1},
                "hint": "C2xG4",
                "solution": ("C2xG4",),
            },
            {
                "position": "....Z/T...../.T2...z./......../......../.A...t../......./.....a/z...a w1",
                "goal": {"kind": "win", "turns": 1},
                "hint": "F2xF6",
                "solution": ("F2xF6",),
            },
        ),
    },
    {
        "id": "starvation",
        "steps": (
            {
                "position": "Z3..../....../.T2...tT/...a..../a......./......../t....../z...../A3...z w1",
                "goal": {"kind": "win", "turns": 1},
                "hint": "C2xC6",
                "solution": ("C2xC6", "pass"),
            },
            {
                "position": "Z3...z/....../......./T2T..t.../...t...a/..a...../......z/....../A3.t.. w1",
                "goal": {"kind": "win", "turns": 1},
                "hint": "I1xI3",
                "solution": ("I1xI3", "D2-D1"),
            },
        ),
    },
    {
        "id": "defend",
        "steps": (
            {
                "position": "....T/..T2.../......./....A..t2/......../......../z....../t...../Z3...a w2",
                "goal": {"kind": "safe", "type": "tzarra"},
                "hint": "D5-B3",
                "solution": ("D5-B3",),
            },
            {
                "position": "....T/..T2.../.a...../....A..t2/.z....../......../z....../t...../Z3t..a w1",
                "goal": {"kind": "safe", "type": "tzarra"},
                "hint": "I1xH1",
                "solution": ("I1xH1", "D5-B3"),
            },
        ),
    },
    {
        "id": "starve",
        "steps": (
            {
                "position": "Z3.az./....../.T2...tT/......../a......./......../...T.t./t....A2/....z w1",
                "goal": {"kind": "win", "turns": 1},
                "hint": "C2xC6",
                "solution": ("C2xC6", "H6xG6"),
            },
            {
                "position": "...../....../.z...../.....tT./....a.Z2Z/.....A2../.a...../.z..zt/.t... w1",
                "goal": {"kind": "win", "turns": 1},
                "hint": "F6xH6",
                "solution": ("F6xH6", "D7-E7"),
            },
        ),
    },
    {
        "id": "pass",
        "steps": (
            {
                "position": "...../.z..Zt2/...z.../......../......A2./......../T2A...../.Z..../..a.. w2",
                "goal": {"kind": "survive"},
                "hint": "pass",
                "solution": ("pass",),
            },
            {
                "position": "...../..t3.../......./.....z../.....A2.T3/.A.....z2/......./Z2...../...at2 w2",
                "goal": {"kind": "survive"},
                "hint": "pass",
                "solution": ("pass",),
            },
        ),
    },
    {
        "id": "endgame",
        "steps": (
            {
                "position": "...../....../...A2.../.....Z../..t...z2a2/...T.t2../......./....AT/..... w1",
                "goal": {"kind": "win", "turns": 2},
                "hint": "C4xF6",
                "solution": ("C4xF6", "F6-H6", "H6xH5"),
            },
            {
                "position": "...../....../.A..t2../..t2.Z2.../Z..a2..AT/......../......./a...../..z2.. w1",
                "goal": {"kind": "win", "turns": 2},
                "hint": "D5xD3",
                "solution": ("D5xD3", "D3xE4", "E1xH1"),
            },
        ),
    },
)

from scorepad.dispute import check_side_round
from scorepad.rules import Rules


def test_issue_example_bag_penalty() -> None:
    result = check_side_round(Rules(), ["2:4", "3:4"], score=337, bags=7)
    assert (result.points, result.score, result.bags) == (-47, 290, 0)

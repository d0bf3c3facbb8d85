import pytest

from engram_mcp.model.occupations import says_own_occupation


@pytest.mark.parametrize("text", ["I was a joiner for forty-five years.", "morning. im branwen, RVN (registered vet nurse) at a practice",
                                  "I'm a senior software engineer at Monzo", "I work as a courier most weekends"])
def test_the_speakers_own_work_is_said_in_the_first_person_before_the_word_of_it(text: str) -> None:
    assert says_own_occupation(text)


@pytest.mark.parametrize("text", ["I'm off to see the nurse. Then lunch.", "im at work, the nurse rang",
                                  "My sister Parvin called. she is a florist", "I'm tired and the builder is late"])
def test_a_job_said_of_someone_else_or_in_passing_is_not_the_speakers_own(text: str) -> None:
    assert not says_own_occupation(text)

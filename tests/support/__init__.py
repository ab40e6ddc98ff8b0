"""Helpers shared by the tests: the rules oracle, hypothesis strategies, the quintet cases
and the fixtures' helpers."""

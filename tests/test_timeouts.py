"""A test that hangs fails with its name: pytest-timeout is active with the default per-test
limit set in pyproject.toml, and a test that runs past its limit is failed as a Timeout while
the tests after it still run."""

import pytest

pytest_plugins = ["pytester"]


def test_the_suite_runs_under_a_per_test_timeout(request):
    assert request.config.pluginmanager.hasplugin("timeout")
    assert float(request.config.getini("timeout")) > 0


def test_a_test_past_its_timeout_fails_by_name_and_the_run_goes_on(pytester: pytest.Pytester):
    pytester.makepyfile(
        test_inner="""
        import time

        def test_hangs():
            time.sleep(300)

        def test_after_it():
            pass
    """
    )
    result = pytester.runpytest_subprocess("--timeout=0.5", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=1, passed=1)
    result.stdout.fnmatch_lines(["*test_hangs*", "*Timeout*"])
    # far below the sleep: the timeout ended it (a loaded machine starts pytest slowly)
    assert result.duration < 60

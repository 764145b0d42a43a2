"""The version of the package, in one place (pyproject.toml repeats it for packaging, and a
test keeps the two equal)."""

__version__ = "0.1.0.dev0"

"""Benchmark scripts: run each as `python -m benchmarks.<name>`; they print figures."""

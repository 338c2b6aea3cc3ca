print("Benchmarks: see issue 6")

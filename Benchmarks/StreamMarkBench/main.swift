print("streammark-bench: not built yet")

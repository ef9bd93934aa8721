print("streammark: not built yet")

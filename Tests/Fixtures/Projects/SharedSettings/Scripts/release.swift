// A script run with `swift Scripts/release.swift`; no target compiles it.
print("release")

// In the App folder but in no build phase.
enum Unlisted {}

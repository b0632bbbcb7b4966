// Fixture: an Objective-C framework; SWIFT_VERSION does not matter to it.
void legacy(void) {}

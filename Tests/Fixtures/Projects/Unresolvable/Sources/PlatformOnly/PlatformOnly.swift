struct PlatformOnlyMarker {}

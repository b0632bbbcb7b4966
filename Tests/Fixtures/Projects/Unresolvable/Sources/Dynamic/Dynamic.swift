struct DynamicMarker {}

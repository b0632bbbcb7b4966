struct PlainMarker {}

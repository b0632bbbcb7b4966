struct ConditionalMarker {}

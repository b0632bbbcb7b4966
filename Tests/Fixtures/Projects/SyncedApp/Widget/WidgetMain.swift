struct WidgetMain {
    let kind = WidgetOnly.kind
}

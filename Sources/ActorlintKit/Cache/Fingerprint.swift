/// A stable text for any value, built by reflection: every stored property is included, so a
/// field added to `ModuleSettings` or `Configuration` later changes cache keys without anyone
/// remembering to. Sets and dictionaries are sorted (their order differs between processes).
enum Fingerprint {
    static func of(_ value: Any) -> Digest {
        var text = ""
        write(value, to: &text)
        return StableHasher.digest(text)
    }

    static func write(_ value: Any, to text: inout String) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let child = mirror.children.first { write(child.value, to: &text) } else { text += "nil" }
        case .collection:
            text += "["
            for child in mirror.children { write(child.value, to: &text); text += "," }
            text += "]"
        case .set, .dictionary:
            let items = mirror.children.map { child -> String in
                var item = ""
                write(child.value, to: &item)
                return item
            }.sorted()
            text += "{" + items.joined(separator: ",") + "}"
        case .enum:
            text += "\(mirror.subjectType).\(String(describing: value).prefix { $0 != "(" })"
            for child in mirror.children { text += "("; write(child.value, to: &text); text += ")" }
        case .struct, .class, .tuple:
            text += "\(mirror.subjectType)("
            for child in mirror.children {
                text += (child.label ?? "_") + ":"
                write(child.value, to: &text)
                text += ","
            }
            text += ")"
        default:
            // Strings are quoted with escapes so their content cannot imitate the structure.
            text += String(reflecting: value)
        }
    }
}

// The examples that specify `Swift5LanguageMode`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension Swift5LanguageMode {
    static let triggeringExamples: [RuleExample] = [
        RuleExample("""
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Store",
                targets: [
                    .target(name: "Model"),
                    .target(name: "Persistence", dependencies: ["Model"]),
                    .testTarget(name: "PersistenceTests", dependencies: ["Persistence"]),
                ],
                swiftLanguageModes: ↓[.v5]
            )
            """, fileName: "Package.swift"),
        RuleExample("""
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(name: "Store", targets: [
                .target(name: "Model"),
                .target(name: "Legacy", swiftSettings: [↓.swiftLanguageMode(.v5)]),
            ])
            """, fileName: "Package.swift"),
        RuleExample("""
            ↓// swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Old", targets: [.target(name: "OldKit")])
            """, fileName: "Package.swift"),
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // Tools version 6.0 without modes: every target is in Swift 6 mode.
        RuleExample("""
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(name: "Store", targets: [.target(name: "Model")])
            """, fileName: "Package.swift"),
        // Swift 5 listed but Swift 6 too: SwiftPM builds with the newest.
        RuleExample("""
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(name: "Store", targets: [.target(name: "Model")], swiftLanguageModes: [.v5, .v6])
            """, fileName: "Package.swift"),
        // The package stays in Swift 5 but every target has moved.
        RuleExample("""
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(name: "Store", targets: [
                .target(name: "Model", swiftSettings: [.swiftLanguageMode(.v6)]),
            ], swiftLanguageModes: [.v5])
            """, fileName: "Package.swift"),
        // Not a manifest: code that mentions the settings is not read as one.
        """
        let modes = [SwiftLanguageMode.v5]
        let setting = SwiftSetting.swiftLanguageMode(.v5)
        """,
    ]
}

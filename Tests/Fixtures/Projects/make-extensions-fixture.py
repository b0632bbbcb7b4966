# Writes Tests/Fixtures/Projects/Extensions (run: python3 make-extensions-fixture.py Extensions).
# Generates Tests/Fixtures/Projects/Extensions: one Xcode 26 project, Swift 5 mode, whose targets
# exercise the settings rules' families: app, UI framework, shared framework importing UIKit,
# test-support framework, notification service and share extensions, Debug/Release, xcconfigs.
import os, sys
root = sys.argv[1]
targets = [
 # name, product type, folder, files {name: text}, debug settings, release settings, own xcconfig, infoplist point
 ("Journal", "application", "Journal", {
    "JournalApp.swift": "import SwiftUI\n\n@main\nstruct JournalApp: App {\n    var body: some Scene { WindowGroup { EntryList() } }\n}\n",
    "EntryList.swift": "import SwiftUI\n\nstruct EntryList: View {\n    var body: some View { Text(\"Entries\") }\n}\n",
 }, {}, {}, "Journal.xcconfig", None),
 ("JournalUI", "framework", "JournalUI", {
    "EntryRow.swift": "import SwiftUI\n\npublic struct EntryRow: View {\n    public var body: some View { Text(\"Row\") }\n}\n",
    "EntryCell.swift": "import UIKit\n\npublic final class EntryCell: UITableViewCell {}\n",
    "Style.swift": "import SwiftUI\n\npublic struct CardStyle: ViewModifier {\n    public func body(content: Content) -> some View { content.padding() }\n}\n",
 }, {}, {}, None, None),
 ("JournalKit", "framework", "JournalKit", {
    "Client.swift": "import Foundation\nimport UIKit\n\npublic final class Client {\n    public func fetch() async throws -> Data { Data() }\n}\n",
    "Store.swift": "import Foundation\n\npublic struct Entry: Codable { public var text: String }\n\npublic final class Store {\n    public var entries: [Entry] = []\n}\n",
    "Thumbnail.swift": "import UIKit\n\npublic final class ThumbnailView: UIView {}\n\npublic enum ImageCache { public static func image(named: String) -> UIImage? { nil } }\n",
 }, {}, {}, None, None),
 ("JournalTestSupport", "framework", "JournalTestSupport", {
    "Fakes.swift": "import UIKit\nimport XCTest\n\npublic final class FakeViewController: UIViewController {}\n",
 }, {}, {}, None, None),
 ("NotificationService", "app-extension", "NotificationService", {
    "NotificationService.swift": "import UserNotifications\n\nfinal class NotificationService: UNNotificationServiceExtension {}\n",
 }, {}, {}, None, "com.apple.usernotifications.service"),
 ("ShareExtension", "app-extension", "ShareExtension", {
    "ShareViewController.swift": "import UIKit\n\nfinal class ShareViewController: UIViewController {}\n",
 }, {"SWIFT_DEFAULT_ACTOR_ISOLATION": "MainActor"}, {}, None, "com.apple.share-services"),
]
def ident(n): return "7E%022X" % n
objs = []; groups = []; tids = []
for i, (name, ptype, folder, files, dbg, rel, xcc, point) in enumerate(targets):
    g, t, l, d, r, ph = ident(0x100+i), ident(0x200+i), ident(0x300+i), ident(0x400+i), ident(0x500+i), ident(0x600+i)
    groups.append(g); tids.append(t)
    objs.append(f'\t\t{g} /* {folder} */ = {{isa = PBXFileSystemSynchronizedRootGroup; path = {folder}; sourceTree = "<group>"; }};')
    objs.append(f'\t\t{ph} /* Sources */ = {{isa = PBXSourcesBuildPhase; files = (); }};')
    objs.append(f'\t\t{t} /* {name} */ = {{isa = PBXNativeTarget; buildConfigurationList = {l}; buildPhases = ({ph}); fileSystemSynchronizedGroups = ({g}); name = {name}; productName = {name}; productType = "com.apple.product-type.{ptype}"; }};')
    objs.append(f'\t\t{l} = {{isa = XCConfigurationList; buildConfigurations = ({d}, {r}); defaultConfigurationName = Release; }};')
    ref = ""
    if xcc:
        fr = ident(0x700+i)
        objs.append(f'\t\t{fr} /* {xcc} */ = {{isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Config/{xcc}; sourceTree = SOURCE_ROOT; }};')
        ref = f"baseConfigurationReference = {fr} /* {xcc} */;\n\t\t\t"
    for cid, cname, extra in ((d, "Debug", dbg), (r, "Release", rel)):
        settings = {"PRODUCT_NAME": '"$(TARGET_NAME)"', **extra}
        if point: settings["INFOPLIST_FILE"] = f"{folder}/Info.plist"
        body = "".join(f"\t\t\t\t{k} = {v};\n" for k, v in sorted(settings.items()))
        objs.append(f"\t\t{cid} /* {cname} */ = {{\n\t\t\tisa = XCBuildConfiguration;\n\t\t\t{ref}buildSettings = {{\n{body}\t\t\t}};\n\t\t\tname = {cname};\n\t\t}};")
    os.makedirs(os.path.join(root, folder), exist_ok=True)
    for fname, text in files.items(): open(os.path.join(root, folder, fname), "w").write(text)
    if point:
        open(os.path.join(root, folder, "Info.plist"), "w").write(f'''<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>NSExtension</key>
	<dict>
		<key>NSExtensionPointIdentifier</key>
		<string>{point}</string>
	</dict>
</dict>
</plist>
''')
    if xcc:
        os.makedirs(os.path.join(root, "Config"), exist_ok=True)
        open(os.path.join(root, "Config", xcc), "w").write("// The app target's own settings.\nSWIFT_VERSION = 5.0\n")
# The project level: every target inherits it, through a project-wide xcconfig.
pf = ident(0x800)
objs.append(f'\t\t{pf} /* Project.xcconfig */ = {{isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Config/Project.xcconfig; sourceTree = SOURCE_ROOT; }};')
pd, pr, pl, main = ident(0x801), ident(0x802), ident(0x803), ident(0x804)
for cid, cname in ((pd, "Debug"), (pr, "Release")):
    objs.append(f"\t\t{cid} /* {cname} */ = {{\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbaseConfigurationReference = {pf} /* Project.xcconfig */;\n\t\t\tbuildSettings = {{\n\t\t\t\tSWIFT_VERSION = 5.0;\n\t\t\t}};\n\t\t\tname = {cname};\n\t\t}};")
objs.append(f'\t\t{pl} = {{isa = XCConfigurationList; buildConfigurations = ({pd}, {pr}); defaultConfigurationName = Release; }};')
objs.append(f'\t\t{main} = {{isa = PBXGroup; children = ({", ".join(groups)}); sourceTree = "<group>"; }};')
objs.append(f'\t\t{ident(1)} /* Project object */ = {{\n\t\t\tisa = PBXProject;\n\t\t\tattributes = {{\n\t\t\t\tLastSwiftUpdateCheck = 2600;\n\t\t\t\tLastUpgradeCheck = 2600;\n\t\t\t}};\n\t\t\tbuildConfigurationList = {pl};\n\t\t\tmainGroup = {main};\n\t\t\tprojectDirPath = "";\n\t\t\ttargets = ({", ".join(tids)});\n\t\t}};')
os.makedirs(os.path.join(root, "Journal.xcodeproj"), exist_ok=True)
open(os.path.join(root, "Config", "Project.xcconfig"), "w").write("// Included by every target of the project.\nENABLE_USER_SCRIPT_SANDBOXING = YES\n")
open(os.path.join(root, "Journal.xcodeproj", "project.pbxproj"), "w").write("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n" + "\n".join(objs) + "\n\t};\n\trootObject = " + ident(1) + " /* Project object */;\n}\n")

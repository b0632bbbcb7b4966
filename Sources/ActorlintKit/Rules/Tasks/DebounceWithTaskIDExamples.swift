// The examples that specify `DebounceWithTaskID`: the registry tests run every one, and
// `actorlint rule` shows the first of each kind.
extension DebounceWithTaskID {
    static let triggeringExamples: [RuleExample] = [
        // A delay, not a debounce: nothing is cancelled, every change searches.
        """
        struct SearchScreen: View {
            @State private var query = ""
            @State private var results: [String] = []
            var body: some View {
                List(results, id: \\.self) { Text($0) }
                    .searchable(text: $query)
                    .onChange(of: query) { _, newValue in
                        ↓Task {
                            try await Task.sleep(for: .milliseconds(300))
                            results = await search(newValue)
                        }
                    }
            }
        }
        """,
        // The classic hand-stored debounce.
        """
        struct CitySearch: View {
            @State private var text = ""
            @State private var lookup: Task<Void, Never>?
            var body: some View {
                TextField("City", text: $text)
                    .onChange(of: text) {
                        lookup?.cancel()
                        lookup = ↓Task {
                            do {
                                try await Task.sleep(nanoseconds: 250_000_000)
                                await suggest(text)
                            } catch {}
                        }
                    }
                    .onDisappear { lookup?.cancel() }
            }
        }
        """,
        // The same thing in a helper method of the view.
        """
        struct TagEditor: View {
            @State private var draft = ""
            @State private var validation: Task<Void, Never>?
            var body: some View {
                TextField("Tag", text: $draft).onSubmit { scheduleValidation() }
            }
            private func scheduleValidation() {
                validation?.cancel()
                validation = ↓Task {
                    try? await Task.sleep(for: .seconds(1))
                    await validate(draft)
                }
            }
        }
        """,
        // A helper called from a handler that only checks that the value changed, which
        // `.task(id:)` checks itself.
        """
        struct ResizableImage: View {
            @State private var resizing: Task<Void, Never>?
            @State private var target = CGSize.zero
            var body: some View {
                GeometryReader { proxy in
                    Color.clear.onChange(of: proxy.size, initial: true) { oldSize, newSize in
                        guard oldSize != newSize else { return }
                        resize(to: newSize)
                    }
                }
            }
            private func resize(to size: CGSize) {
                resizing?.cancel()
                resizing = ↓Task {
                    do { try await Task.sleep(for: .milliseconds(200)) } catch { return }
                    target = size
                }
            }
        }
        """,
        // Cancel-and-restart on every change, without a sleep: still `.task(id:)`.
        """
        struct UserDetail: View {
            let userID: Int
            @State private var loading: Task<Void, Never>?
            var body: some View {
                Text("User").onChange(of: userID, initial: true) {
                    loading?.cancel()
                    loading = ↓Task { await load(userID) }
                }
            }
        }
        """,
    ]

    static let nonTriggeringExamples: [RuleExample] = [
        // The recommended form.
        """
        struct SearchScreen: View {
            @State private var query = ""
            @State private var results: [String] = []
            var body: some View {
                List(results, id: \\.self) { Text($0) }
                    .searchable(text: $query)
                    .task(id: query) {
                        do {
                            try await Task.sleep(for: .milliseconds(300))
                            results = await search(query)
                        } catch {}
                    }
            }
        }
        """,
        // `.onChange` that starts work without sleeping is not a debounce.
        """
        struct Editor: View {
            @State private var draft = ""
            let store: DraftStore
            var body: some View {
                TextEditor(text: $draft).onChange(of: draft) { Task { await store.save(draft) } }
            }
        }
        """,
        // A timed reset after a tap is a delay by design.
        """
        struct CopyButton: View {
            @State private var copied = false
            var body: some View {
                Button(copied ? "Copied" : "Copy") {
                    copied = true
                    Task {
                        try? await Task.sleep(for: .seconds(2))
                        copied = false
                    }
                }
            }
        }
        """,
        // Work first, then a pause: not a debounce.
        """
        struct Saver: View {
            @State private var text = ""
            @State private var saved = false
            var body: some View {
                TextField("Note", text: $text).onChange(of: text) {
                    Task {
                        await persist(text)
                        saved = true
                        try? await Task.sleep(for: .seconds(1))
                        saved = false
                    }
                }
            }
        }
        """,
        // The handler reacts to a transition (old versus new), which `.task(id:)` cannot see:
        // here a settling delay before scrolling to an inserted row.
        """
        struct Gallery: View {
            @State private var photos: [Photo] = []
            @State private var focused: Photo.ID?
            var body: some View {
                ScrollView { PhotoStrip(photos: photos) }
                    .scrollPosition(id: $focused)
                    .onChange(of: photos.count) { oldCount, newCount in
                        if oldCount < newCount {
                            Task {
                                try? await Task.sleep(for: .milliseconds(300))
                                focused = photos.last?.id
                            }
                        }
                    }
            }
        }
        """,
        // The same through a method of the view: an auto-dismiss started when a message
        // appears (nil to non-nil), which `.task(id:)` would also start on appearance and restart
        // when one message replaces another.
        """
        struct ToastModifier: ViewModifier {
            @Binding var message: String?
            @State private var dismissal: Task<Void, Never>?
            func body(content: Content) -> some View {
                content
                    .onChange(of: message) { old, new in
                        if old == nil, new != nil { scheduleDismiss() }
                    }
                    .onDisappear { dismissal?.cancel() }
            }
            private func scheduleDismiss() {
                dismissal?.cancel()
                dismissal = Task {
                    try? await Task.sleep(for: .seconds(2))
                    if Task.isCancelled { return }
                    message = nil
                }
            }
        }
        """,
        // A stored delay the handler manages itself: started once, cancelled on the other
        // branch (a minimum time to show "sending"), not restarted on every change.
        """
        struct DeliveryBadge: View {
            let status: Status
            @State private var shown: Status = .sending
            @State private var pending: Task<Void, Never>?
            var body: some View {
                Text(shown.label).onChange(of: status) { _, newStatus in
                    if newStatus == .failed {
                        guard pending == nil else { return }
                        pending = Task {
                            try? await Task.sleep(for: .milliseconds(700))
                            if !Task.isCancelled { shown = newStatus }
                            pending = nil
                        }
                    } else {
                        pending?.cancel()
                        pending = nil
                        shown = newStatus
                    }
                }
            }
        }
        """,
        // A press-and-hold timer: the cancel stops it on release, it does not restart it.
        """
        struct HoldToConfirm: ViewModifier {
            @State private var holding = false
            @State private var timer: Task<Void, Never>?
            let action: () -> Void
            func body(content: Content) -> some View {
                content.onLongPressGesture(minimumDuration: 60, perform: {}, onPressingChanged: pressing)
            }
            private func pressing(_ isPressing: Bool) {
                holding = isPressing
                guard isPressing else {
                    timer?.cancel()
                    return
                }
                timer = Task {
                    try? await Task.sleep(for: .seconds(1))
                    if !Task.isCancelled { action() }
                }
            }
        }
        """,
        // The handle is shared with another view, which cancels and replaces it too.
        """
        struct AvatarHover: ViewModifier {
            @State private var showCard = false
            @State private var hoverTimer = Task<Void, Never> {}
            func body(content: Content) -> some View {
                content
                    .onHover { hovering in
                        hoverTimer.cancel()
                        hoverTimer = Task {
                            try? await Task.sleep(for: .milliseconds(500))
                            if !Task.isCancelled { showCard = hovering }
                        }
                    }
                    .popover(isPresented: $showCard) { ProfileCard(hoverTimer: $hoverTimer) }
            }
        }
        """,
        """
        struct ProfileCard: View {
            @Binding var hoverTimer: Task<Void, Never>
            @State private var autoDismiss = true
            var body: some View {
                Text("Profile").onAppear {
                    hoverTimer.cancel()
                    hoverTimer = Task {
                        try? await Task.sleep(for: .seconds(2))
                        if !Task.isCancelled, autoDismiss { close() }
                    }
                }
            }
        }
        """,
        // A view model is not a view: `.task(id:)` is not available there.
        """
        @MainActor final class SearchModel {
            private var pending: Task<Void, Never>?
            func queryChanged(_ text: String) {
                pending?.cancel()
                pending = Task {
                    try? await Task.sleep(for: .milliseconds(300))
                    await run(text)
                }
            }
        }
        """,
    ]
}

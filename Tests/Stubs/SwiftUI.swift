// A stand-in for Apple's SwiftUI, which does not exist on Linux: the views, property wrappers
// and modifiers that FixCompileTests' correction examples use, with the SDK's isolation
// (`View` is a main-actor protocol; `.task` and `.refreshable` closures inherit the view's actor).
// Bodies do nothing; the module is only type-checked against. Like the real module it
// re-exports Foundation, Combine's ObservableObject and Observation.
@_exported import Combine
@_exported import Foundation
@_exported import Observation

// MARK: Views

// The concrete views are `nonisolated` types: like the SDK's, they can be created anywhere
// (result builders are nonisolated); only `body` belongs to the main actor.

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

/// Views that draw themselves have no body.
@MainActor @preconcurrency public protocol PrimitiveView: View where Body == Never {}
extension PrimitiveView {
    public var body: Never { fatalError() }
}

@resultBuilder public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalContent<First, Second> {
        ConditionalContent()
    }
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<First, Second> {
        ConditionalContent()
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

nonisolated public struct EmptyView: PrimitiveView {
    public init() {}
}

nonisolated public struct TupleView<T>: PrimitiveView {
    public init(_ value: T) {}
}

nonisolated public struct ConditionalContent<First: View, Second: View>: PrimitiveView {}

nonisolated public struct AnyView: PrimitiveView {
    public init<V: View>(_ view: V) {}
}

nonisolated public struct Text: PrimitiveView {
    public enum DateStyle: Sendable { case time, date, relative, timer }
    public init<S: StringProtocol>(_ content: S) {}
    public init(verbatim content: String) {}
    public init(_ date: Date, style: DateStyle) {}
    public func font(_ font: Font?) -> Text { self }
}

public struct Font: Sendable {
    public static let body = Font()
    public static let headline = Font()
    public static let caption = Font()
    public static let title = Font()
}

nonisolated public struct Image: PrimitiveView {
    public init(systemName: String) {}
    public init(_ name: String) {}
}

nonisolated public struct ProgressView: PrimitiveView {
    public init() {}
}

nonisolated public struct Button<Label: View>: PrimitiveView {
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

extension Button where Label == Text {
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

nonisolated public struct TextField: PrimitiveView {
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

nonisolated public struct Toggle: PrimitiveView {
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

nonisolated public struct VStack<Content: View>: PrimitiveView {
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {}
}

nonisolated public struct HStack<Content: View>: PrimitiveView {
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {}
}

public struct HorizontalAlignment: Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
    public static let trailing = HorizontalAlignment()
}

public struct VerticalAlignment: Sendable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    public static let bottom = VerticalAlignment()
}

nonisolated public struct Group<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

nonisolated public struct ScrollView<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

nonisolated public struct NavigationStack<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
}

nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

nonisolated public struct List<Content: View>: PrimitiveView {
    public init(@ViewBuilder content: () -> Content) {}
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID, RowContent> {}
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {}
}

/// What every modifier returns.
nonisolated public struct ModifiedContent<Content: View>: PrimitiveView {
    public init(_ content: Content) {}
}

// MARK: Modifiers

extension View {
    public func onAppear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self> { ModifiedContent(self) }
    public func onDisappear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self> { ModifiedContent(self) }

    public func task(priority: TaskPriority = .userInitiated,
                     @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> ModifiedContent<Self> {
        ModifiedContent(self)
    }

    public func task<ID: Equatable>(id value: ID, priority: TaskPriority = .userInitiated,
                                    @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> ModifiedContent<Self> {
        ModifiedContent(self)
    }

    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> ModifiedContent<Self> {
        ModifiedContent(self)
    }

    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping () -> Void) -> ModifiedContent<Self> {
        ModifiedContent(self)
    }

    public func onSubmit(_ action: @escaping () -> Void) -> ModifiedContent<Self> { ModifiedContent(self) }

    public func refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Void) -> ModifiedContent<Self> {
        ModifiedContent(self)
    }

    public func searchable(text: Binding<String>) -> ModifiedContent<Self> { ModifiedContent(self) }
    public func navigationTitle<S: StringProtocol>(_ title: S) -> ModifiedContent<Self> { ModifiedContent(self) }
    public func padding() -> ModifiedContent<Self> { ModifiedContent(self) }
    public func font(_ font: Font?) -> ModifiedContent<Self> { ModifiedContent(self) }
    public func disabled(_ disabled: Bool) -> ModifiedContent<Self> { ModifiedContent(self) }
    public func overlay<V: View>(@ViewBuilder content: () -> V) -> ModifiedContent<Self> { ModifiedContent(self) }
    public func alert<S: StringProtocol>(_ title: S, isPresented: Binding<Bool>) -> ModifiedContent<Self> {
        ModifiedContent(self)
    }
}

// MARK: State

@propertyWrapper public struct State<Value>: Sendable {
    public init(wrappedValue: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

// In an extension, as in the SDK: a constrained `init()` in the type itself would make every
// `@State var x: T` without an initial value ask for it.
extension State where Value: ExpressibleByNilLiteral {
    public init() {}
}

@propertyWrapper @dynamicMemberLookup public struct Binding<Value>: Sendable {
    public init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) {}
    public static func constant(_ value: Value) -> Binding<Value> { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

@propertyWrapper public struct StateObject<ObjectType: ObservableObject>: Sendable {
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    @MainActor public var wrappedValue: ObjectType { fatalError() }
}

@propertyWrapper public struct ObservedObject<ObjectType: ObservableObject>: Sendable {
    public init(wrappedValue: ObjectType) {}
    @MainActor public var wrappedValue: ObjectType { fatalError() }
}

// MARK: Apps

@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

@MainActor @preconcurrency public protocol Scene {}

@resultBuilder public enum SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
}

// A stand-in for Apple's Combine, which does not exist on Linux: only the declarations that
// FixCompileTests' correction examples use, with the real isolation and Sendable attributes.
// Bodies do nothing; the module is only type-checked against.

import Foundation

/// Where a publisher delivers: the main queue and run loop are schedulers, as in Combine.
public protocol Scheduler {}
extension DispatchQueue: Scheduler {}
extension RunLoop: Scheduler {}
extension OperationQueue: Scheduler {}

public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    var objectWillChange: ObjectWillChangePublisher { get }
}

public final class ObservableObjectPublisher {
    public init() {}
    public func send() {}
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public var projectedValue: AnyPublisher<Value, Never> { AnyPublisher() }
}

public final class AnyCancellable: Hashable {
    public init(_ cancel: @escaping () -> Void) {}
    public func cancel() {}
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

public struct AnyPublisher<Output, Failure: Error> {
    public init() {}
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable {} }
    public func receive<S: Scheduler>(on scheduler: S) -> AnyPublisher<Output, Failure> { self }
}

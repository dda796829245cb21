@testable import Tally

/// A model given as dictionaries, lists and scalars, encoded with its keys sorted: the models of
/// the render tests, made as swift-mustache contexts are.
enum TestModel: Encodable {
    case text(String)
    case flag(Bool)
    case number(Int)
    case keyed([(String, TestModel)])
    case list([TestModel])

    init(_ value: Any) {
        switch value {
        case let text as String: self = .text(text)
        case let flag as Bool: self = .flag(flag)
        case let number as Int: self = .number(number)
        case let number as TemplateInteger: self = .number(number.value)
        case let dictionary as [String: Any]: self = .keyed(dictionary.keys.sorted().map { ($0, TestModel(dictionary[$0]!)) })
        case let list as [Any]: self = .list(list.map(TestModel.init))
        default: fatalError("no model for \(value) of \(type(of: value))")
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .flag(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .keyed(let pairs):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in pairs { try container.encode(value, forKey: Key(stringValue: key)) }
        case .list(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        }
    }
}

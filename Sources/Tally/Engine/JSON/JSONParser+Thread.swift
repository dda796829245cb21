#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONParser {
    /// The calling thread's own parser, made on first use and freed with the thread.
    ///
    /// For code that parses many small documents but cannot be handed a parser, such as a
    /// record's `init(row:)`: making a simdjson parser per document costs more than parsing it.
    /// A value it returns is valid only until the thread's next parse, so read it at once.
    static var ofThisThread: JSONParser {
        if let raw = pthread_getspecific(parserKey) {
            return Unmanaged<JSONParser>.fromOpaque(raw).takeUnretainedValue()
        }
        let parser = JSONParser()
        pthread_setspecific(parserKey, Unmanaged.passRetained(parser).toOpaque())
        return parser
    }
}

/// The thread-specific slot of `JSONParser.ofThisThread`; a thread's parser is released when it ends.
private let parserKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in
        guard let raw = raw as UnsafeMutableRawPointer? else { return }
        Unmanaged<JSONParser>.fromOpaque(raw).release()
    }
    return key
}()

import Foundation

/// Reads the small files of `importAll` on a thread of its own, a few files ahead of the
/// transaction that stores them, so that parsing a crawl's next pages overlaps storing the ones
/// before on two cores. (Each small file is too small to pay for a reading thread of its own:
/// read one by one on the importing thread, parsing and storing took turns on one core.)
///
/// It hands over one answer per file, in order: what reading the file gave, or nil for a path it
/// leaves to the importer (a folder, anything but a regular file, a file larger than
/// `Importer.inlineLimit`, which gets its own reading thread). A read file whose path turns out to
/// be a bundle (an archive) is not used. Memory stays bounded: at most `capacity` read files wait.
final class ReadAhead: @unchecked Sendable {
    /// What reading one file gave: its batches in order, and the error that stopped the reading, if
    /// one did. The importer stores it as if it were reading the file itself: the batches read before
    /// the error go to the sinks, then the error rolls the file back.
    struct File: Sendable {
        var options: ImportOptions
        var batches: [(any ImportBatch, FormatDetector.Match)]
        var failure: (any Error)?
    }

    private let channel: BoundedChannel<File?>

    /// Starts reading `files` in order with `importer`'s formats and options.
    init(_ files: [(url: URL, name: String)], importer: Importer, capacity: Int = 4) {
        let channel = BoundedChannel<File?>(capacity: capacity)
        self.channel = channel
        let thread = Thread {
            // One parser for every file: its buffers are made once, not once a file.
            let parser = JSONParser()
            for (url, name) in files {
                var read: File? = nil
                if case .file(let size)? = FileKind.at(url, followingLinks: true), size <= Importer.inlineLimit {
                    let reader = importer.dated(url).importer
                    var file = File(options: reader.options, batches: [], failure: nil)
                    do {
                        try reader.read(url, name: name, parser: parser) { batch, match in file.batches.append((batch, match)) }
                    } catch {
                        file.failure = error
                    }
                    read = file
                }
                guard channel.send(read) else { return }
            }
            channel.finish()
        }
        // As the large files' reading thread: deep documents recurse in the readers.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// What reading the next file gave, or nil when it was left to the importer.
    func next() -> File? {
        (try? channel.receive()) ?? nil
    }

    /// Stops reading: the files not yet taken will not be.
    func stop() {
        channel.cancel()
    }
}

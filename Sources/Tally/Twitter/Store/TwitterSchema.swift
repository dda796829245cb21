import GRDB

/// The Twitter tables, one migration per change; the README says what each table holds.
enum TwitterSchema {
    static func register(in migrator: inout DatabaseMigrator) {
        // Named before sources existed; kept as it is so that stores made then still open.
        migrator.registerMigration("1-tweets-and-popularity") { db in
            try db.execute(sql: """
                CREATE TABLE user (
                    id TEXT PRIMARY KEY NOT NULL,
                    screen_name TEXT NOT NULL,
                    name TEXT NOT NULL,
                    avatar_url TEXT
                );
                CREATE TABLE tweet (
                    id TEXT PRIMARY KEY NOT NULL,
                    author_id TEXT REFERENCES user(id),
                    created_at INTEGER NOT NULL,
                    text TEXT NOT NULL,
                    entities TEXT NOT NULL DEFAULT '[]',
                    lang TEXT,
                    retweet_of TEXT,
                    quoted_id TEXT
                ) WITHOUT ROWID;
                CREATE TABLE mention (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL CHECK (kind IN ('hashtag', 'user')),
                    folded TEXT NOT NULL,
                    display TEXT NOT NULL,
                    UNIQUE (kind, folded)
                );
                CREATE TABLE term (
                    id INTEGER PRIMARY KEY,
                    folded TEXT NOT NULL UNIQUE,
                    text TEXT NOT NULL,
                    searched_at INTEGER NOT NULL,
                    tweet_count INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX term_history ON term(searched_at DESC, id DESC);
                CREATE TABLE term_tweet (
                    term_id INTEGER NOT NULL REFERENCES term(id),
                    tweet_id TEXT NOT NULL REFERENCES tweet(id),
                    PRIMARY KEY (term_id, tweet_id)
                ) WITHOUT ROWID;
                CREATE TABLE term_mention (
                    term_id INTEGER NOT NULL REFERENCES term(id),
                    mention_id INTEGER NOT NULL REFERENCES mention(id),
                    kind TEXT NOT NULL,
                    folded TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (term_id, mention_id)
                ) WITHOUT ROWID;
                CREATE INDEX term_mention_popularity ON term_mention(term_id, kind, count DESC, folded);
                """)
        }
        // Pages are planned newest first, a chunk at a time, straight from the store: walking this
        // index keeps the build's memory flat, and a tweet's searches are found by its id.
        migrator.registerMigration("twitter-2-newest-first") { db in
            try db.execute(sql: """
                CREATE INDEX tweet_newest ON tweet(created_at DESC, length(id) DESC, id DESC);
                CREATE INDEX term_tweet_by_tweet ON term_tweet(tweet_id);
                """)
        }
    
        // People, their tweets, hashtags and media: profiles gain bio, location and website; each
        // tweet's hashtags and mentions get a row to find "every tweet with #x" by index; photos
        // and videos are kept in order; timelines name the tweets they held.
        migrator.registerMigration("twitter-3-people-media-timelines") { db in
            try db.execute(sql: """
                ALTER TABLE user ADD COLUMN bio TEXT;
                ALTER TABLE user ADD COLUMN location TEXT;
                ALTER TABLE user ADD COLUMN website TEXT;
                CREATE INDEX user_by_screen_name ON user(screen_name);
                CREATE INDEX tweet_by_author ON tweet(author_id, created_at DESC);
                CREATE TABLE tweet_tag (
                    kind TEXT NOT NULL CHECK (kind IN ('hashtag', 'user')),
                    folded TEXT NOT NULL,
                    tweet_id TEXT NOT NULL REFERENCES tweet(id),
                    display TEXT NOT NULL,
                    PRIMARY KEY (kind, folded, tweet_id)
                ) WITHOUT ROWID;
                CREATE INDEX tweet_tag_by_tweet ON tweet_tag(tweet_id);
                CREATE TABLE tweet_media (
                    tweet_id TEXT NOT NULL REFERENCES tweet(id),
                    position INTEGER NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('photo', 'video', 'gif')),
                    image_url TEXT NOT NULL,
                    link_url TEXT,
                    alt TEXT,
                    width INTEGER,
                    height INTEGER,
                    PRIMARY KEY (tweet_id, position)
                ) WITHOUT ROWID;
                CREATE TABLE timeline (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE
                );
                CREATE TABLE timeline_tweet (
                    timeline_id INTEGER NOT NULL REFERENCES timeline(id),
                    tweet_id TEXT NOT NULL REFERENCES tweet(id),
                    PRIMARY KEY (timeline_id, tweet_id)
                ) WITHOUT ROWID;
                """)
            // Tweets stored before this migration get their tag rows from their entities column.
            let parser = JSONParser()
            let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO tweet_tag (kind, folded, tweet_id, display) VALUES (?, ?, ?, ?)")
            let rows = try Row.fetchCursor(db, sql: "SELECT id, entities FROM tweet WHERE entities != '[]'")
            var pending: [(String, [TextEntity])] = []
            while let row = try rows.next() { pending.append((row[0], TextEntity.fromStorageJSON(row[1], parser: parser))) }
            for (id, entities) in pending {
                for entity in entities where entity.kind != .url {
                    try insert.execute(arguments: [entity.kind.rawValue, entity.folded, id, entity.value])
                }
            }
        }

        // Tag rows name their hashtag or user by mention id rather than by kind and text, and keep
        // the tweet's own spelling only where it differs from the mention's. Keyed by text, every
        // insert compared strings down a tree that grows with the store, and the rows took a
        // third more pages (in the bench's store of a million tweets): importing into that store
        // cost 1.6–1.9× the time per tweet of an empty one on disk. `mention` so gains the tags
        // no search counted (of timeline and archive tweets, and of originals only retweeted or
        // quoted); `counted` says which rows the popularity tables and the totals count, as all of
        // them were before (an earlier Tally kept only counted mentions; the UPDATE makes sure).
        migrator.registerMigration("twitter-4-tags-by-mention") { db in
            try db.execute(sql: """
                ALTER TABLE mention ADD COLUMN counted INTEGER NOT NULL DEFAULT 1;
                UPDATE mention SET counted = 0 WHERE id NOT IN (SELECT mention_id FROM term_mention);
                INSERT INTO mention (kind, folded, display, counted)
                    SELECT kind, folded, display, 0
                    FROM (SELECT kind, folded, min(display) AS display FROM tweet_tag GROUP BY kind, folded) g
                    WHERE NOT EXISTS (SELECT 1 FROM mention m WHERE m.kind = g.kind AND m.folded = g.folded)
                    ORDER BY kind, folded;
                CREATE TABLE tweet_tag_by_mention (
                    mention_id INTEGER NOT NULL REFERENCES mention(id),
                    tweet_id TEXT NOT NULL REFERENCES tweet(id),
                    display TEXT,
                    PRIMARY KEY (mention_id, tweet_id)
                ) WITHOUT ROWID;
                -- Mentions outside, so that the rows come in the new key's order with no sort.
                INSERT INTO tweet_tag_by_mention (mention_id, tweet_id, display)
                    SELECT m.id, g.tweet_id, nullif(g.display, m.display)
                    FROM mention m CROSS JOIN tweet_tag g ON g.kind = m.kind AND g.folded = m.folded
                    ORDER BY m.id, g.tweet_id;
                DROP TABLE tweet_tag;
                ALTER TABLE tweet_tag_by_mention RENAME TO tweet_tag;
                CREATE INDEX tweet_tag_by_tweet ON tweet_tag(tweet_id);
                """)
        }

        // Posts and people from Mastodon and Bluesky beside Twitter's. Every row written before
        // is Twitter's (the columns' default). `web_url` is a post's own address where it cannot
        // be made from its key (a Mastodon status's `url`); `warning` its content warning. The
        // keys themselves (`tweet.id`, `user.id`) stay text and never collide across networks:
        // `PostKey` says how each network's are made.
        migrator.registerMigration("twitter-5-networks") { db in
            try db.execute(sql: """
                ALTER TABLE tweet ADD COLUMN network TEXT NOT NULL DEFAULT 'twitter';
                ALTER TABLE tweet ADD COLUMN web_url TEXT;
                ALTER TABLE tweet ADD COLUMN warning TEXT;
                ALTER TABLE user ADD COLUMN network TEXT NOT NULL DEFAULT 'twitter';
                """)
        }

        // A rebuild plans only the pages whose rows changed since the build before it. Every
        // import file takes the next number of `twitter_clock.seq` and stamps the tweets and
        // search links it adds with it; rows are never changed in place but by a prune, which
        // counts in `removals` (a build after one starts over); `origin` tells a store made anew
        // at the same path from the one a site was built from. People, searches and hashtags
        // are few enough that a build compares them with what the last build saw instead. The
        // stamps are indexed since `twitter-12-stamps-indexed`.
        migrator.registerMigration("twitter-6-change-stamps") { db in
            try db.execute(sql: """
                CREATE TABLE twitter_clock (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    origin TEXT NOT NULL,
                    seq INTEGER NOT NULL,
                    removals INTEGER NOT NULL
                );
                INSERT INTO twitter_clock (id, origin, seq, removals) VALUES (1, lower(hex(randomblob(8))), 0, 0);
                ALTER TABLE tweet ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE term_tweet ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE timeline_tweet ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
                """)
        }

        // What `tally fetch` asked each server, and how far it got, so the next fetch of the
        // same search asks only for what is newer and `tally fetch --again` can repeat them all.
        // No key or token is kept: those come from the environment each time.
        migrator.registerMigration("twitter-7-fetches") { db in
            try db.execute(sql: """
                CREATE TABLE fetched_search (
                    network TEXT NOT NULL,
                    server TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    query TEXT NOT NULL,
                    term TEXT,
                    position TEXT,
                    fetched_at INTEGER NOT NULL,
                    PRIMARY KEY (network, server, kind, query)
                );
                """)
        }

        // A search is one per term and network: `#swift` searched on Mastodon and on Bluesky is
        // two rows, each with its own history place, counts and pages (and a combined page made
        // from their counts). A post belongs to one network, and is linked only to the term row
        // of its own network, so the rows of one term never share a post. SQLite cannot drop the
        // old `UNIQUE (folded)`, so the table is made again. A term stored before is split by
        // the networks of its posts: it keeps its id for the network most of them came from
        // (ties by name; `twitter` for a term with none), a new row takes each other network's
        // links, and the split rows' counts are counted again from their posts' tag rows (one
        // row per post and mention, as the counts are). Each split row keeps the term's date.
        migrator.registerMigration("twitter-8-searches-by-network") { db in
            try db.execute(sql: """
                CREATE TABLE term_by_network (
                    id INTEGER PRIMARY KEY,
                    folded TEXT NOT NULL,
                    network TEXT NOT NULL DEFAULT 'twitter',
                    text TEXT NOT NULL,
                    searched_at INTEGER NOT NULL,
                    tweet_count INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (folded, network)
                );
                INSERT INTO term_by_network (id, folded, network, text, searched_at, tweet_count)
                    SELECT t.id, t.folded, coalesce((SELECT p.network FROM term_tweet tt JOIN tweet p ON p.id = tt.tweet_id
                                                     WHERE tt.term_id = t.id GROUP BY p.network ORDER BY count(*) DESC, p.network LIMIT 1), 'twitter'),
                        t.text, t.searched_at, t.tweet_count
                    FROM term t ORDER BY t.id;
                INSERT INTO term_by_network (folded, network, text, searched_at)
                    SELECT DISTINCT t.folded, p.network, t.text, t.searched_at
                    FROM term t JOIN term_by_network n ON n.id = t.id JOIN term_tweet tt ON tt.term_id = t.id JOIN tweet p ON p.id = tt.tweet_id
                    WHERE p.network != n.network
                    ORDER BY t.id, p.network;
                CREATE TEMP TABLE split_term AS SELECT id FROM term_by_network n
                    WHERE EXISTS (SELECT 1 FROM term_by_network o WHERE o.folded = n.folded AND o.id != n.id);
                UPDATE term_tweet SET term_id = (
                        SELECT n.id FROM term_by_network n JOIN term_by_network o ON o.folded = n.folded
                        WHERE o.id = term_tweet.term_id AND n.network = (SELECT network FROM tweet WHERE id = term_tweet.tweet_id))
                    WHERE term_id IN (SELECT id FROM split_term)
                        AND (SELECT network FROM tweet WHERE id = term_tweet.tweet_id) != (SELECT network FROM term_by_network WHERE id = term_tweet.term_id);
                DELETE FROM term_mention WHERE term_id IN (SELECT id FROM split_term);
                INSERT INTO term_mention (term_id, mention_id, kind, folded, count)
                    SELECT tt.term_id, g.mention_id, m.kind, m.folded, count(*)
                    FROM term_tweet tt JOIN tweet_tag g ON g.tweet_id = tt.tweet_id JOIN mention m ON m.id = g.mention_id
                    WHERE tt.term_id IN (SELECT id FROM split_term)
                    GROUP BY tt.term_id, g.mention_id;
                UPDATE term_by_network SET tweet_count = (SELECT count(*) FROM term_tweet WHERE term_id = term_by_network.id)
                    WHERE id IN (SELECT id FROM split_term);
                DROP TABLE split_term;
                DROP TABLE term;
                ALTER TABLE term_by_network RENAME TO term;
                CREATE INDEX term_history ON term(searched_at DESC, id DESC);
                """)
        }

        // Replies: the post each one answers (its key, stored or not) and that post's author's
        // screen name, for "Replying to @x", the reply filter and a post's thread. Posts stored
        // before have none until imported again. The index holds replies only, so a post's
        // stored replies are found without costing imports of the rest.
        migrator.registerMigration("twitter-9-replies") { db in
            try db.execute(sql: """
                ALTER TABLE tweet ADD COLUMN reply_to TEXT;
                ALTER TABLE tweet ADD COLUMN reply_to_user TEXT;
                CREATE INDEX tweet_replies ON tweet(reply_to) WHERE reply_to IS NOT NULL;
                """)
        }

        // Replies, reposts, quotes and likes as the newest import of a post counted them, NULL
        // where no document said (posts stored before, formats without counts). A post imported
        // again with other counts takes them in place and `counts_seq` takes the import's
        // number, so that a rebuild shows its cards anew without taking it for a new post.
        migrator.registerMigration("twitter-10-counts") { db in
            try db.execute(sql: """
                ALTER TABLE tweet ADD COLUMN reply_count INTEGER;
                ALTER TABLE tweet ADD COLUMN repost_count INTEGER;
                ALTER TABLE tweet ADD COLUMN quote_count INTEGER;
                ALTER TABLE tweet ADD COLUMN like_count INTEGER;
                ALTER TABLE tweet ADD COLUMN counts_seq INTEGER NOT NULL DEFAULT 0;
                """)
        }

        // Every build's home card counts the posts of each network (`Store.totals`); grouping
        // the whole table read every post, 55 ms of each build at 100,000. Twitter's posts, most
        // of most stores, are left out: they are the total less the others.
        migrator.registerMigration("twitter-11-posts-by-network") { db in
            try db.execute(sql: "CREATE INDEX tweet_by_network ON tweet(network) WHERE network <> 'twitter'")
        }

        // A rebuild asks what the imports since the last build stored (`seq > ?`) about eight
        // times, several on its first steps' critical path; each scanned every post: 7 % of a
        // rebuild's CPU time at 100,000 posts (perf). An import stamps its rows with one number, the highest yet,
        // so it only appends to these indexes. Counts updated in place are few: their index
        // holds only those. A changed card reaches the retweets and quotes of its post, which
        // the rebuild looked for in every post too: those two index only the posts that are one.
        migrator.registerMigration("twitter-12-stamps-indexed") { db in
            try db.execute(sql: """
                CREATE INDEX tweet_by_seq ON tweet(seq);
                CREATE INDEX tweet_by_counts_seq ON tweet(counts_seq) WHERE counts_seq > 0;
                CREATE INDEX term_tweet_by_seq ON term_tweet(seq);
                CREATE INDEX timeline_tweet_by_seq ON timeline_tweet(seq);
                CREATE INDEX tweet_retweets ON tweet(retweet_of) WHERE retweet_of IS NOT NULL;
                CREATE INDEX tweet_quotes ON tweet(quoted_id) WHERE quoted_id IS NOT NULL;
                """)
        }
    }
}

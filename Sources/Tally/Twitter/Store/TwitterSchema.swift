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
    }
}

#!/usr/bin/env python3
"""Writes the sample charts in content/data/: fictional entries, plausible and varied, in the two
shapes Tally reads (the legacy iTunes RSS JSON and Apple's current RSS feeds). Every chart's title
says it is sample data. Deterministic: the same script writes the same files.

    python3 content/make_charts.py
"""
import json
import pathlib
import random

OUT = pathlib.Path(__file__).resolve().parent / "data"
STORE = "https://store.example.com/us"

FIRST = ["Ada", "Bea", "Cal", "Dev", "Eli", "Fay", "Gus", "Hana", "Ines", "Jun", "Kai", "Lena", "Milo", "Nia", "Oren",
         "Pia", "Quinn", "Rosa", "Sami", "Tove", "Uma", "Vik", "Wren", "Xavi", "Yara", "Zoé", "Åsa", "Chloë", "Dário", "Kenji"]
LAST = ["Alder", "Brooks", "Castell", "Dunmore", "Ellery", "Fontaine", "Grau", "Hollis", "Ivers", "Jansen", "Kowal",
        "Lindqvist", "Moreau", "Novak", "Okafor", "Pryce", "Quiroga", "Ruiz", "Sato", "Thorne", "Ueda", "Vance", "Whitlow"]
BANDS = ["The Paper Kites of Mars", "Velvet Lanterns", "Harbour Lights", "North Quarter", "Glass Orchard", "The Slow Comets",
         "Saltwater Choir", "Midnight Almanac", "Copper & Vine", "Lowland Radio", "Neon Pastoral", "The Quiet Engines"]
WORDS = ["Paper", "Boats", "Golden", "Hour", "Tidewater", "Kaleidoscope", "Northern", "Lights", "Electric", "Garden",
         "Silver", "Lining", "Ocean", "Avenue", "Midnight", "Static", "Velvet", "Morning", "Echo", "Parade", "Wild",
         "Honey", "Glass", "Heart", "Summer", "Rain", "City", "Lanterns", "Satellite", "Dreams", "Falling", "Slowly",
         "Orbit", "Wildflower", "Distance", "Fireworks", "Harbour", "Weather", "Colours", "Gravity", "Letters", "Home"]
GENRES = {
    "songs": ["Pop", "Alternative", "Hip-Hop/Rap", "Country", "Dance", "R&B/Soul", "Rock", "Singer/Songwriter"],
    "albums": ["Pop", "Alternative", "Jazz", "Classical", "Rock", "Electronic", "Soundtrack"],
    "apps": ["Productivity", "Games", "Photo & Video", "Health & Fitness", "Education", "Utilities", "Music", "Travel"],
    "podcasts": ["News", "Comedy", "True Crime", "Society & Culture", "Science", "History", "Business"],
    "movies": ["Drama", "Comedy", "Thriller", "Documentary", "Sci-Fi & Fantasy", "Kids & Family", "Romance"],
    "books": ["Mysteries & Thrillers", "Romance", "Sci-Fi & Fantasy", "Biographies & Memoirs", "Cookbooks, Food & Wine", "History"],
}
APP_WORDS = ["Notes", "Planner", "Scanner", "Tracker", "Journal", "Weather", "Budget", "Photo Lab", "Flashcards", "Tuner",
             "Sleep", "Recipes", "Maps", "Habit", "Timer", "Translator", "Puzzle", "Solitaire", "Chess", "Drums"]
SHOW_WORDS = ["Daily", "Hour", "Files", "Stories", "Briefing", "Club", "Room", "Talk", "Weekly", "Lab", "Hotline", "Diaries"]


def title(rng, low=1, high=3):
    return " ".join(rng.sample(WORDS, rng.randint(low, high)))


def person(rng):
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def slug(text):
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def legacy_feed(name, path, updated, entries):
    return {"feed": {
        "author": {"name": {"label": "Tally sample data"}, "uri": {"label": "https://example.com/"}},
        "entry": entries, "updated": {"label": updated},
        "rights": {"label": "Sample data: fictional entries made by content/make_charts.py"},
        "title": {"label": f"iTunes Store: {name}"}, "icon": {"label": "https://example.com/favicon.ico"},
        "link": [{"attributes": {"rel": "alternate", "type": "text/html", "href": f"{STORE}/charts/{slug(name)}"}},
                 {"attributes": {"rel": "self", "href": f"https://itunes.example.com/us/rss/{path}/limit=100/json"}}],
        "id": {"label": f"https://itunes.example.com/us/rss/{path}/limit=100/json"}}}


def price(amount, currency="USD"):
    label = "Free" if amount == 0 else f"${amount:.2f}"
    return {"label": label, "attributes": {"amount": f"{amount:.5f}", "currency": currency}}


def legacy_entry(item, kind, term, category, rng, extra=None):
    entry = {
        "im:name": {"label": item["name"]},
        "im:price": item["price"],
        "im:contentType": kind,
        "rights": {"label": f"℗ {rng.randint(2019, 2024)} {item['artist']}"},
        "title": {"label": f"{item['name']} - {item['artist']}"},
        "link": {"attributes": {"rel": "alternate", "type": "text/html", "href": f"{STORE}/{term}/{slug(item['name'])}/id{item['id']}"}},
        "id": {"label": f"{STORE}/{term}/{slug(item['name'])}/id{item['id']}", "attributes": {"im:id": item["id"]}},
        "im:artist": {"label": item["artist"], "attributes": {"href": f"{STORE}/artist/{slug(item['artist'])}"}},
        "category": {"attributes": {"im:id": str(rng.randint(1000, 9999)), "term": category, "label": category}},
        "im:releaseDate": {"label": item["released"] + "T00:00:00-07:00", "attributes": {"label": item["released"]}},
    }
    if rng.random() < 0.15:
        del entry["im:artist"]["attributes"]  # as in real feeds: not every artist is linked
    entry.update(extra or {})
    return entry


def reorder(rng, items, keep, newcomers):
    """The next week's chart: most items move a little, a few drop out, newcomers enter."""
    moved = sorted(items[:keep], key=lambda item: items.index(item) + rng.gauss(0, 6))
    for newcomer in newcomers:
        moved.insert(rng.randint(0, len(moved)), newcomer)
    return moved[:len(items)]


def make_items(rng, count, first_id, make):
    return [dict(make(rng), id=str(first_id + n)) for n in range(count)]


def date(rng, year=2024):
    return f"{year}-{rng.randint(1, 10):02d}-{rng.randint(1, 28):02d}"


def main():
    rng = random.Random(20261121)
    OUT.mkdir(exist_ok=True)
    weeks = ["2025-03-02T08:00:00-08:00", "2025-03-09T08:00:00-07:00", "2025-03-16T08:00:00-07:00"]
    files = {}

    # Songs: three weekly fetches, so the site shows movement and rank history.
    songs = make_items(rng, 130, 7_100_000_000, lambda r: {
        "name": title(r), "artist": r.choice(BANDS + [person(r) for _ in range(3)]),
        "price": price(r.choice([1.29, 1.29, 0.99])), "released": date(r), "album": title(r, 1, 2)})
    ranking = songs[:100]
    for week, updated in enumerate(weeks):
        if week:
            ranking = reorder(rng, ranking, 94, songs[100 + (week - 1) * 6: 100 + week * 6])
        entries = [legacy_entry(s, {"im:contentType": {"attributes": {"term": "Track", "label": "Track"}},
                                    "attributes": {"term": "Music", "label": "Music"}}, "song", rng.choice(GENRES["songs"]), rng,
                                {"im:collection": {"im:name": {"label": s["album"]}}}) for s in ranking]
        files[f"chart-songs-week{week + 1}.json"] = legacy_feed("Top Songs (sample data)", "topsongs", updated, entries)

    albums = make_items(rng, 60, 7_200_000_000, lambda r: {
        "name": title(r, 1, 3), "artist": r.choice(BANDS + [person(r)]), "price": price(r.choice([7.99, 9.99, 10.99, 12.99])),
        "released": date(r)})
    files["chart-albums.json"] = legacy_feed("Top Albums (sample data)", "topalbums", weeks[-1], [
        legacy_entry(a, {"im:contentType": {"attributes": {"term": "Album", "label": "Album"}},
                         "attributes": {"term": "Music", "label": "Music"}}, "album", rng.choice(GENRES["albums"]), rng,
                     {"im:itemCount": {"label": str(rng.randint(8, 18))}}) for a in albums])

    apps = make_items(rng, 70, 7_300_000_000, lambda r: {
        "name": f"{r.choice(WORDS)} {r.choice(APP_WORDS)}", "artist": f"{r.choice(LAST)} Labs",
        "price": price(r.choice([0, 0, 0, 0.99, 2.99, 4.99])), "released": date(r, r.randint(2018, 2024))})
    for week, updated in enumerate(weeks[1:]):
        ranking = apps[:60] if week == 0 else reorder(rng, apps[:60], 55, apps[60:65])
        files[f"chart-apps-week{week + 2}.json"] = legacy_feed("Top Apps (sample data)", "topapplications", updated, [
            legacy_entry(a, {"attributes": {"term": "Application", "label": "Application"}}, "app", rng.choice(GENRES["apps"]), rng,
                         {"summary": {"label": f"{a['name']} helps you get more done.\n\nNo account needed; works offline."}})
            for a in ranking])

    podcasts = make_items(rng, 55, 7_400_000_000, lambda r: {
        "name": f"The {r.choice(WORDS)} {r.choice(SHOW_WORDS)}", "artist": r.choice([person(r), f"{r.choice(LAST)} Media"]),
        "price": {"label": "Get", "attributes": {"amount": "0", "currency": "USD"}}, "released": date(r)})
    files["chart-podcasts.json"] = legacy_feed("Top Podcasts (sample data)", "toppodcasts", weeks[-1], [
        legacy_entry(p, {"attributes": {"term": "Podcast", "label": "Podcast"}}, "podcast", rng.choice(GENRES["podcasts"]), rng,
                     {"summary": {"label": f"Every week, {p['artist']} talks about {rng.choice(WORDS).lower()} and more."}})
        for p in podcasts])

    movies = make_items(rng, 52, 7_500_000_000, lambda r: {
        "name": title(r, 1, 3), "artist": person(r), "price": price(r.choice([14.99, 19.99, 9.99])), "released": date(r)})
    files["chart-movies.json"] = legacy_feed("Top Movies (sample data)", "topmovies", weeks[-1], [
        legacy_entry(m, {"attributes": {"term": "Movie", "label": "Movie"}}, "movie", rng.choice(GENRES["movies"]), rng,
                     {"im:rentalPrice": price(rng.choice([3.99, 5.99])),
                      "summary": {"label": f"A {rng.choice(GENRES['movies']).lower()} about {title(rng, 1, 2).lower()}."}})
        for m in movies])

    books = make_items(rng, 60, 7_600_000_000, lambda r: {"name": title(r, 2, 4), "artist": person(r), "released": date(r)})
    files["chart-books.json"] = {"feed": {
        "title": "Top Books (sample data)", "id": "https://rss.example.com/api/v2/us/books/top-paid/100/books.json",
        "author": {"name": "Tally sample data", "url": "https://example.com/"},
        "links": [{"self": "https://rss.example.com/api/v2/us/books/top-paid/100/books.json"}],
        "copyright": "Sample data: fictional entries made by content/make_charts.py", "country": "us",
        "icon": "https://example.com/favicon.ico", "updated": "Sun, 16 Mar 2025 15:00:00 +0000",
        "results": [{"artistName": b["artist"], "id": b["id"], "name": b["name"], "releaseDate": b["released"], "kind": "books",
                     "artistUrl": f"{STORE}/author/{slug(b['artist'])}",
                     "genres": [{"genreId": "38", "name": rng.choice(GENRES["books"]), "url": f"{STORE}/genre/id38"}],
                     "url": f"{STORE}/book/{slug(b['name'])}/id{b['id']}"} for b in books]}}

    for name, feed in files.items():
        (OUT / name).write_text(json.dumps(feed, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(files)} chart files to {OUT}")


if __name__ == "__main__":
    main()

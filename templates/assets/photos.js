/* Tally photos (photo, Favorites and Recents pages only): a star kept in this browser, views for
   Recents, a zoomable photo (zoom.js, loaded before this on photo pages). The page's facts come from
   this tag's data- attributes. */
(function () {
  'use strict';
  var facts = document.currentScript.dataset;
  var root = facts.root || '';
  var FAVORITES = 'tally.photos.favorites', VIEWS = 'tally.photos.views', REMOVED = 'tally.photos.removed';

  function load(key) {
    try { return JSON.parse(localStorage.getItem(key)) || {}; } catch (e) { return {}; }
  }
  function save(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* storage off: nothing kept */ }
  }
  function element(tag, text, className) {
    var node = document.createElement(tag);
    if (text) { node.textContent = text; }
    if (className) { node.className = className; }
    return node;
  }
  function href(path) { return /^https?:/.test(path) ? path : root + path; }
  function entry() {
    return { path: facts.path, id: facts.id, title: facts.title, place: facts.place, thumb: facts.thumb, at: Date.now() };
  }

  function starButton(main) {
    var button = element('button', '', 'star');
    button.type = 'button';
    function show() {
      var starred = !!load(FAVORITES)[facts.path];
      button.setAttribute('aria-pressed', String(starred));
      button.textContent = starred ? '★ Starred in this browser' : '☆ Star in this browser';
    }
    button.addEventListener('click', function () {
      var favorites = load(FAVORITES);
      if (favorites[facts.path]) { delete favorites[facts.path]; } else { favorites[facts.path] = entry(); }
      save(FAVORITES, favorites);
      show();
    });
    show();
    main.querySelector('h1').insertAdjacentElement('afterend', button);
  }

  function viewer(main) {
    var image = main.querySelector('p > img');
    if (!image || !window.tallyZoom) { return; }
    var box = element('div', '', 'viewer');
    var status = element('p', '', 'viewer-status');
    box.tabIndex = 0;
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', 'Photo: click, scroll or press + and - to zoom, 0 to fit');
    status.setAttribute('aria-live', 'polite');
    image.parentNode.replaceWith(box);
    box.appendChild(image);
    box.insertAdjacentElement('afterend', status);
    window.tallyZoom(image, box, status, true);
  }

  function photoList(items, empty, remove) {
    var list = element('ul', '', 'photo-list');
    items.forEach(function (item) {
      var row = element('li');
      var link = element('a');
      link.href = href(item.path);
      if (item.thumb) {
        var thumb = element('img');
        thumb.src = href(item.thumb);
        thumb.alt = '';
        link.appendChild(thumb);
      }
      link.appendChild(document.createTextNode(item.title));
      row.appendChild(link);
      row.appendChild(document.createTextNode(' · ' + (item.place || '') + ' · ' + item.note + ' '));
      var button = element('button', remove.label);
      button.type = 'button';
      button.addEventListener('click', function () { remove.run(item); });
      row.appendChild(button);
      list.appendChild(row);
    });
    return items.length ? list : element('p', empty);
  }

  function favorites(main) {
    var section = element('section');
    section.setAttribute('aria-labelledby', 'starred-here');
    var heading = element('h2', 'Starred in this browser');
    heading.id = 'starred-here';
    section.appendChild(heading);
    var holder = element('div');
    section.appendChild(holder);
    main.appendChild(section);
    function render() {
      var stored = load(FAVORITES);
      var items = Object.keys(stored).map(function (key) { var item = stored[key]; item.note = '☆ in this browser'; return item; });
      items.sort(function (a, b) { return (a.place || '').localeCompare(b.place || '') || a.title.localeCompare(b.title); });
      holder.replaceChildren(photoList(items, 'None yet: open a photo and press its star.', { label: 'Unstar', run: function (item) {
        var all = load(FAVORITES);
        delete all[item.path];
        save(FAVORITES, all);
        render();
      } }));
    }
    render();
  }

  function recents(main) {
    var windowMs = Number(facts.window || 172800) * 1000;
    var built = [];
    var old = main.querySelector('ul');
    Array.prototype.forEach.call(old ? old.children : [], function (row) {
      var link = row.querySelector('a');
      var time = /viewed (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?) UTC/.exec(row.textContent);
      var place = row.textContent.split(' · ')[1];
      if (link && time) {
        built.push({ path: link.getAttribute('href').slice(root.length), title: link.textContent, place: place,
                     at: Date.parse(time[1] + 'T' + time[2] + 'Z') });
      }
    });
    var holder = element('div');
    (old || main.lastElementChild).replaceWith(holder);
    function render() {
      var now = Date.now(), removed = load(REMOVED), views = load(VIEWS), latest = {};
      built.concat(Object.keys(views).map(function (key) { return views[key]; })).forEach(function (item) {
        if (item.at >= now - windowMs && item.at > (removed[item.path] || 0) && (!latest[item.path] || latest[item.path].at < item.at)) {
          latest[item.path] = item;
        }
      });
      var items = Object.keys(latest).map(function (key) { return latest[key]; }).sort(function (a, b) { return b.at - a.at; });
      items.forEach(function (item) { item.note = 'viewed ' + new Date(item.at).toLocaleString(); });
      holder.replaceChildren(photoList(items, 'No photo viewed in the last 48 hours.', { label: 'Remove', run: function (item) {
        var gone = load(REMOVED), seen = load(VIEWS);
        gone[item.path] = Date.now();
        delete seen[item.path];
        save(REMOVED, gone);
        save(VIEWS, seen);
        render();
      } }));
    }
    render();
  }

  function start() {
    var main = document.getElementById('main');
    if (facts.page === 'photo') {
      var views = load(VIEWS);
      views[facts.path] = entry();
      save(VIEWS, views);
      starButton(main);
      viewer(main);
    } else if (facts.page === 'favorites') {
      favorites(main);
    } else if (facts.page === 'recents') {
      recents(main);
    }
  }

  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', start); } else { start(); }
})();

/* Post lists: "Hide retweets" and "Hide replies", kept in the URL fragment (`hide=retweets.replies`,
   which works from file://) beside the tables' state, and carried on by the pager's links. Without
   JavaScript every post shows. Loaded by the pages of post lists only. */
(function () {
  'use strict';
  var fragment = window.tallyFragment;
  var list = document.querySelector('main ol.tweets');
  if (!fragment || !list) { return; }
  var kinds = ['retweets', 'replies'];
  var classes = { retweets: 'tweet-retweet', replies: 'tweet-reply' };
  var hide = {};
  var boxes = {};
  var note = document.createElement('span');
  note.setAttribute('aria-live', 'polite');

  function apply(write) {
    var on = kinds.filter(function (kind) { return hide[kind]; });
    var items = document.querySelectorAll('main ol.tweets > li');
    var hidden = 0;
    Array.prototype.forEach.call(items, function (item) {
      var card = item.firstElementChild;
      item.hidden = !!card && on.some(function (kind) { return card.classList.contains(classes[kind]); });
      if (item.hidden) { hidden++; }
    });
    note.textContent = hidden ? ' ' + hidden + ' of ' + items.length + ' hidden' : '';
    kinds.forEach(function (kind) { boxes[kind].checked = !!hide[kind]; });
    fragment.extra.hide = on.join('.');
    var tail = on.length ? '#hide=' + on.join('.') : '';
    Array.prototype.forEach.call(document.querySelectorAll('.pager a'), function (link) {
      link.setAttribute('href', link.getAttribute('href').replace(/#.*$/, '') + tail);
    });
    if (write) { fragment.write(); }
  }

  function read() {
    hide = {};
    (fragment.read().hide || '').split('.').forEach(function (name) { hide[name] = true; });
  }

  var control = document.createElement('p');
  control.className = 'post-filter';
  kinds.forEach(function (kind) {
    var label = document.createElement('label');
    var box = document.createElement('input');
    box.type = 'checkbox';
    box.addEventListener('change', function () {
      hide[kind] = box.checked;
      apply(true);
    });
    boxes[kind] = box;
    label.appendChild(box);
    label.appendChild(document.createTextNode(' Hide ' + kind));
    control.appendChild(label);
  });
  control.appendChild(note);
  list.parentNode.insertBefore(control, list);
  read();
  apply(false);
  window.addEventListener('hashchange', function () {
    read();
    apply(false);
  });
}());

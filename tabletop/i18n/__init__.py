"""Words as data: every text a person reads, in English, German and Chinese.

Catalogs are gettext PO files kept with Babel (``templates/<domain>.pot`` is the English
source; ``locales/<lang>/LC_MESSAGES/<domain>.po`` its translation). Each message is
found by its context, a stable key such as ``staff.chef.name`` or ``log.take_die``; its
``msgid`` is the English text. Every translated entry says where it comes from in a
translator comment: ``# source: 004 …`` for a term printed in a rulebook, ``# source:
ours`` for our own translation. The terminal and the replay read the PO files through
:mod:`tabletop.i18n.catalog`; the browser reads the same catalogs compiled to JSON
(``python -m tabletop.i18n.build``)."""

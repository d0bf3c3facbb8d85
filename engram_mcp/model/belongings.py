"""The things a person has one of at a time and names by its maker ("a Canon R5", "the new
MacBook"), by kind. Pure tables.

Read by the rules extractor (a laptop one bought is the laptop one has) and by recall's question
words ("What camera does Aroha use?" is met by "shooting on a Canon R6").
"""

from __future__ import annotations

__all__ = ["BRANDS", "kind_of"]

BRANDS: dict[str, tuple[str, ...]] = {
    "camera": ("canon", "nikon", "sony", "fujifilm", "fuji", "leica", "olympus", "panasonic", "lumix", "pentax", "hasselblad",
               "gopro"),
    "laptop": ("thinkpad", "macbook", "chromebook", "surface", "xps", "dell", "lenovo", "hp", "asus", "acer", "razer", "ideapad"),
    "bike": ("brompton", "trek", "canyon", "giant", "specialized", "cannondale", "gazelle", "cube", "orbea", "bianchi", "pinarello"),
    "phone": ("iphone", "pixel", "galaxy", "samsung", "oneplus", "xiaomi", "motorola", "nokia", "fairphone"),
}
"""Each kind's makers and model lines, lowercase. A maker of several kinds ("sony", "samsung")
is listed under the one people most often name it by."""

_KIND_OF = {brand: kind for kind, brands in BRANDS.items() for brand in brands}


def kind_of(name: str) -> str | None:
    """The kind of thing a maker's name opens ("MacBook Air M3" is a laptop), else None."""
    first = name.split(maxsplit=1)[0].lower() if name.strip() else ""
    return _KIND_OF.get(first)

"""The things a person has one of at a time and names by its maker ("a Canon R5", "the new
MacBook"), by kind. Pure tables.

Read by the rules extractor (a laptop one bought is the laptop one has) and by recall's question
words ("What camera does Aroha use?" is met by "shooting on a Canon R6"); vehicles by their kinds and
makers alike (the extractor's car driven, recall's "a Tesla" said of someone as their car).
"""

from __future__ import annotations

__all__ = ["BRANDS", "EVERYDAY_NAMES", "VEHICLE_MAKES", "VEHICLE_WORDS", "kind_of"]

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


# What a vehicle is called by its kind, and the makes and model lines it is called by ("a Skoda", "the Corolla").
VEHICLE_WORDS = frozenset(
    """car van truck pickup suv hatchback saloon sedan estate convertible coupe ev motorbike motorcycle
    scooter campervan minivan jeep ute bakkie""".split()
)
VEHICLE_MAKES = frozenset(
    """tesla toyota honda ford bmw audi mercedes volkswagen vw volvo kia hyundai nissan mazda subaru fiat
    peugeot renault skoda seat mini jaguar porsche lexus jeep chevrolet chevy dodge citroen citroën opel
    vauxhall polestar rivian lucid cupra dacia suzuki mitsubishi landrover land range saab alfa lancia
    golf polo passat civic corolla prius camry accord yaris clio corsa fiesta focus mustang leaf zoe
    octavia qashqai juke rav4 cr-v outback impreza model i3 e-golf id.3 id3 ioniq niro kona micra
    chrysler buick cadillac gmc lincoln infiniti acura genesis tata mahindra maruti byd isuzu proton perodua
    vitz highlander pacifica premio hilux zafira mondeo astra fabia kodiaq tiguan touran sportage tucson
    x-trail sandero duster megane captur berlingo f-150 silverado tacoma tundra wrangler odyssey sienna
    land-cruiser prado fortuner navara outlander hiace transporter sprinter octavia tiida jazz ranger
    vivaro transit trafic caddy crafter ducato boxer movano proace vito scania daf iveco d-max triton amarok bt-50""".split()
)

# Makes, models and makers that are everyday words too: a name only with a capital ("a Golf", not "golf on
# Sunday"; "my Pixel", not "a dead pixel").
EVERYDAY_NAMES = frozenset("""golf polo focus model leaf seat mini land range civic accord fiesta juke zoe kona jazz ranger
    transit caddy boxer lucid genesis outback mustang odyssey pacifica impreza premio tata alfa dodge jeep lincoln proton
    sprinter surface galaxy pixel giant cube trek canyon specialized gazelle""".split())

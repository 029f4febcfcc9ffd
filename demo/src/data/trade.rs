//! The demo mill's trading partners (issue 33): the suppliers its raw materials come from and
//! the farms and dealers its feed goes to. Company names are names in every language.

/// `(code, name, address, approval)`.
pub const SUPPLIERS: &[(&str, &str, &str, &str)] = &[
    (
        "AGRI-NORD",
        "Agri Nord Handel GmbH",
        "Hafenstraße 12, 26789 Leer, DE",
        "APPROVED",
    ),
    (
        "GRAINCO",
        "Grainco Trading B.V.",
        "Graanweg 4, 4541 Sas van Gent, NL",
        "APPROVED",
    ),
    (
        "OLEO-WEST",
        "Oléo Ouest SAS",
        "Zone portuaire, 44600 Saint-Nazaire, FR",
        "APPROVED",
    ),
    (
        "VITAMIX",
        "Vitamix Premix Ltd",
        "Unit 7, Mill Lane, Hull HU9 1AA, GB",
        "CONDITIONAL",
    ),
];

/// `(code, name, address)`.
pub const CUSTOMERS: &[(&str, &str, &str)] = &[
    (
        "HOF-MEYER",
        "Hof Meyer GbR",
        "Dorfstraße 3, 49377 Vechta, DE",
    ),
    (
        "PLUIMVEE-VDB",
        "Pluimveebedrijf Van den Berg",
        "Kippenlaan 21, 5461 Veghel, NL",
    ),
    (
        "GAEC-LOIRE",
        "GAEC des Bords de Loire",
        "La Grande Ferme, 49400 Saumur, FR",
    ),
    (
        "AGRAR-OST",
        "Agrargenossenschaft Ost eG",
        "Am Gutshof 1, 17109 Demmin, DE",
    ),
    (
        "DEALER-SUD",
        "Landhandel Süd KG",
        "Raiffeisenstraße 8, 84028 Landshut, DE",
    ),
];

/// The plant's own meaning of an electronic signature (issue 35), beside the built-in Reviewed
/// and Approved: a medicated order checked against the veterinary prescription.
pub const SIGNATURE_MEANINGS: &[(&str, crate::Names)] = &[(
    "VET_CHECKED",
    [
        "Checked against the veterinary prescription",
        "Gegen das Tierarztrezept geprüft",
        "Vérifié selon l’ordonnance vétérinaire",
        "Comprobado con la receta veterinaria",
        "Gecontroleerd tegen het dierenartsrecept",
    ],
)];

//! The OpenAPI document is the contract the web's client is generated from and schemathesis
//! checks the api against: every operation must say what it takes and answers, who may call
//! it, and give an example.

use serde_json::Value;

const METHODS: [&str; 5] = ["get", "post", "put", "delete", "patch"];

fn operations() -> Vec<(String, String, Value)> {
    let doc = api::openapi();
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for m in METHODS {
            if let Some(op) = item.get(m) {
                out.push((m.to_uppercase(), path.clone(), op.clone()));
            }
        }
    }
    out
}

/// What is missing from one operation's documentation.
fn gaps(op: &Value) -> Vec<String> {
    let mut gaps = Vec::new();
    let responses = op["responses"].as_object().cloned().unwrap_or_default();
    if !responses
        .keys()
        .any(|s| s.starts_with('2') && responses[s]["content"].is_object())
    {
        gaps.push("no success answer with a body".into());
    }
    for (status, r) in &responses {
        match r["content"].as_object() {
            None => gaps.push(format!("{status} has no body schema")),
            Some(types) => {
                for (media, c) in types {
                    if !c["schema"].is_object() {
                        gaps.push(format!("{status} {media} has no schema"));
                    }
                    if c.get("example").is_none() && c.get("examples").is_none() {
                        gaps.push(format!("{status} {media} has no example"));
                    }
                }
            }
        }
    }
    if let Some(types) = op["requestBody"]["content"].as_object() {
        for (media, c) in types {
            if !c["schema"].is_object() {
                gaps.push(format!("request {media} has no schema"));
            }
        }
    }
    for p in op["parameters"].as_array().into_iter().flatten() {
        if !p["schema"].is_object() {
            gaps.push(format!("parameter {} has no schema", p["name"]));
        }
    }
    let guarded = op["x-access-roles"].is_array();
    if !guarded && op["x-access"] != "public" {
        gaps.push("no access rule".into());
    }
    for status in ["500", "503"] {
        if !responses.contains_key(status) {
            gaps.push(format!("{status} not documented"));
        }
    }
    if guarded && !(responses.contains_key("401") && responses.contains_key("403")) {
        gaps.push("a guarded operation without 401 and 403".into());
    }
    gaps
}

#[test]
fn every_operation_documents_its_body_answers_access_and_an_example() {
    let ops = operations();
    assert!(ops.len() > 140, "{} operations", ops.len());
    let missing: Vec<String> = ops
        .iter()
        .flat_map(|(m, p, op)| gaps(op).into_iter().map(move |g| format!("{m} {p}: {g}")))
        .collect();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn every_operation_has_a_unique_id() {
    let mut ids: Vec<String> = operations()
        .iter()
        .map(|(m, p, op)| {
            op["operationId"]
                .as_str()
                .unwrap_or_else(|| panic!("{m} {p} has no operationId"))
                .to_string()
        })
        .collect();
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n, "operation ids repeat");
}

/// Decision 96: the operations anyone may call without signing in, by name. An operation added
/// without a guard is public by default (`x-access: public`); this list makes that a decision:
/// a new unguarded operation fails here until it is added on purpose.
const PUBLIC: [&str; 14] = [
    "GET /api/openapi.json",
    "GET /api/site",
    "GET /auth/checksuperlogin",
    "GET /auth/resetpassword/{token}",
    "GET /auth/translation/getclientlocale",
    "GET /auth/validatesignup/{token}",
    "GET /healthz",
    "GET /readyz",
    "POST /auth/forgotpassword",
    "POST /auth/login",
    "POST /auth/onpremise/resetpassword",
    "POST /auth/resetpassword",
    "POST /auth/signup",
    "POST /auth/superuserlogin",
];

#[test]
fn the_public_operations_are_exactly_the_ones_named() {
    let mut public: Vec<String> = operations()
        .iter()
        .filter(|(_, _, op)| op["x-access"] == "public")
        .map(|(m, p, _)| format!("{} {p}", m.to_uppercase()))
        .collect();
    public.sort();
    let mut named: Vec<String> = PUBLIC.iter().map(|s| s.to_string()).collect();
    named.sort();
    assert_eq!(
        public, named,
        "public operations (left) differ from the list (right)"
    );
}

/// Every `$ref` of the document, with where it is.
fn refs(v: &Value, at: &str, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if k == "$ref" {
                    out.push((at.to_string(), x.as_str().unwrap_or_default().to_string()));
                } else {
                    refs(x, &format!("{at}/{k}"), out);
                }
            }
        }
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| refs(x, &format!("{at}/{i}"), out)),
        _ => {}
    }
}

#[test]
fn every_reference_resolves_and_the_choices_are_named_enums() {
    let doc = api::openapi();
    let mut all = Vec::new();
    refs(doc, "", &mut all);
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    let dangling: Vec<_> = all
        .iter()
        .filter(|(_, r)| {
            r.strip_prefix("#/components/schemas/")
                .is_none_or(|name| !schemas.contains_key(name))
                && !r.starts_with("#/components/responses/")
        })
        .collect();
    assert!(dangling.is_empty(), "references to nothing: {dangling:?}");
    // A choice parameter names its enum, so the web reads its values from the generated list.
    let param = |path: &str, name: &str| -> Value {
        doc["paths"][path]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{path} has no parameter {name}"))["schema"]
            .clone()
    };
    for (path, name, schema) in [
        (
            "/api/reports/batches/getdetailedbatchsummery",
            "reportFilterType",
            "BatchFilter",
        ),
        (
            "/api/reports/batches/getbatchesdiagnostics",
            "kind",
            "OutOfSpecKind",
        ),
        (
            "/api/reports/pcs/getpressureforgraph",
            "type",
            "PressureView",
        ),
        (
            "/api/reports/production/productionbytime",
            "bucket",
            "TimeBucket",
        ),
        (
            "/api/reports/consumption/getconsumptionstats",
            "groupBy",
            "ConsumptionGroup",
        ),
        ("/api/reports/spc/batchgraph", "subject", "SpcSubject"),
        ("/api/reports/spc/batchgraph", "chart", "ChartKind"),
        (
            "/api/reports/bins/getmaterialhistory",
            "kind",
            "BinMovementKind",
        ),
    ] {
        let found = param(path, name).to_string();
        assert!(
            found.contains(&format!("#/components/schemas/{schema}")),
            "{path} {name}: {found}"
        );
        assert!(
            schemas[schema]["enum"].is_array(),
            "{schema} is not an enum"
        );
    }
    for named in ["Language", "MedicationClass", "Severity", "BatchStatus"] {
        assert!(schemas[named]["enum"].is_array(), "{named} is not an enum");
    }
}

//! The configuration of one line as the recipe checks see it: scales, materials and their
//! categories, bins with what they hold, mixing actions and modes, and the typed parameters.
//! Built from the configuration records as the api answers them (deleted records are absent).

use std::collections::HashMap;

use serde_json::Value;
use uuid::Uuid;

#[derive(Debug, Clone, Default)]
pub struct Scale {
    pub code: String,
    pub name: String,
    pub min_weigh_kg: Option<f64>,
    pub capacity_kg: f64,
}

#[derive(Debug, Clone, Default)]
pub struct Material {
    pub code: String,
    pub name: String,
    pub category_id: Option<Uuid>,
    /// Where it may be weighed; empty: wherever its category allows.
    pub scale_ids: Vec<Uuid>,
    pub active: bool,
}

#[derive(Debug, Clone, Default)]
pub struct Category {
    pub code: String,
    pub name: String,
    /// Empty: every scale.
    pub allowed_scale_ids: Vec<Uuid>,
}

#[derive(Debug, Clone, Default)]
pub struct Bin {
    pub code: String,
    pub name: String,
    pub scale_id: Option<Uuid>,
    pub material_ids: Vec<Uuid>,
}

/// A mixing action or mode: its code and name, and the parameters it takes.
#[derive(Debug, Clone, Default)]
pub struct Step {
    pub code: String,
    pub name: String,
    pub parameter_ids: Vec<Uuid>,
}

/// Which kind of parameter a [`Parameter`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ParameterOwner {
    #[default]
    Action,
    Mode,
    Miscellaneous,
}

#[derive(Debug, Clone, Default)]
pub struct Parameter {
    pub owner: ParameterOwner,
    pub code: String,
    pub name: String,
    /// INT, DECIMAL, BOOL, TEXT or ENUM.
    pub data_type: String,
    pub unit: Option<String>,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub options: Vec<String>,
}

/// One line's configuration, by record id.
#[derive(Debug, Clone, Default)]
pub struct Plant {
    pub line_id: Uuid,
    pub line_code: String,
    pub line_name: String,
    pub mixer_capacity_kg: Option<f64>,
    pub scales: HashMap<Uuid, Scale>,
    pub materials: HashMap<Uuid, Material>,
    pub categories: HashMap<Uuid, Category>,
    pub bins: HashMap<Uuid, Bin>,
    pub actions: HashMap<Uuid, Step>,
    pub modes: HashMap<Uuid, Step>,
    pub parameters: HashMap<Uuid, Parameter>,
    /// Feeding points: code and name.
    pub feeding_points: HashMap<Uuid, (String, String)>,
}

fn id(v: &Value) -> Option<Uuid> {
    v.as_str().and_then(|s| Uuid::parse_str(s).ok())
}

fn ids(v: &Value) -> Vec<Uuid> {
    v.as_array()
        .map(|a| a.iter().filter_map(id).collect())
        .unwrap_or_default()
}

fn text(v: &Value) -> String {
    v.as_str().unwrap_or_default().to_string()
}

fn by_id<T>(records: &[Value], make: impl Fn(&Value) -> T) -> HashMap<Uuid, T> {
    records
        .iter()
        .filter_map(|r| Some((id(&r["_id"])?, make(r))))
        .collect()
}

/// The configuration records of one line, by entity key, as the api lists them.
#[derive(Debug, Clone, Default)]
pub struct Records {
    pub line: Value,
    pub scales: Vec<Value>,
    pub materials: Vec<Value>,
    pub categories: Vec<Value>,
    pub bins: Vec<Value>,
    pub actions: Vec<Value>,
    pub modes: Vec<Value>,
    pub action_parameters: Vec<Value>,
    pub mode_parameters: Vec<Value>,
    pub miscellaneous_parameters: Vec<Value>,
    pub feeding_points: Vec<Value>,
}

impl Plant {
    pub fn from_records(r: &Records) -> Plant {
        let step = |v: &Value| Step {
            code: text(&v["code"]),
            name: text(&v["name"]),
            parameter_ids: ids(&v["parameters"]),
        };
        let mut parameters = HashMap::new();
        for (owner, list) in [
            (ParameterOwner::Action, &r.action_parameters),
            (ParameterOwner::Mode, &r.mode_parameters),
            (ParameterOwner::Miscellaneous, &r.miscellaneous_parameters),
        ] {
            parameters.extend(by_id(list, |v| Parameter {
                owner,
                code: text(&v["code"]),
                name: text(&v["name"]),
                data_type: text(&v["dataType"]),
                unit: v["unit"].as_str().map(str::to_string),
                min: v["min"].as_f64(),
                max: v["max"].as_f64(),
                options: v["options"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|o| o.as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default(),
            }));
        }
        Plant {
            line_id: id(&r.line["_id"]).unwrap_or_default(),
            line_code: text(&r.line["code"]),
            line_name: text(&r.line["name"]),
            mixer_capacity_kg: r.line["mixerCapacityKg"].as_f64(),
            scales: by_id(&r.scales, |v| Scale {
                code: text(&v["code"]),
                name: text(&v["name"]),
                min_weigh_kg: v["minWeighKg"].as_f64(),
                capacity_kg: v["capacityKg"].as_f64().unwrap_or(f64::INFINITY),
            }),
            materials: by_id(&r.materials, |v| Material {
                code: text(&v["code"]),
                name: text(&v["name"]),
                category_id: id(&v["materialCategoryId"]),
                scale_ids: ids(&v["scaleIds"]),
                active: v["active"] != false,
            }),
            categories: by_id(&r.categories, |v| Category {
                code: text(&v["code"]),
                name: text(&v["name"]),
                allowed_scale_ids: ids(&v["allowedScaleIds"]),
            }),
            bins: by_id(&r.bins, |v| Bin {
                code: text(&v["code"]),
                name: text(&v["name"]),
                scale_id: id(&v["scaleId"]),
                material_ids: v["binMaterials"]
                    .as_array()
                    .map(|a| a.iter().filter_map(|m| id(&m["materialId"])).collect())
                    .unwrap_or_default(),
            }),
            actions: by_id(&r.actions, step),
            modes: by_id(&r.modes, step),
            parameters,
            feeding_points: by_id(&r.feeding_points, |v| (text(&v["code"]), text(&v["name"]))),
        }
    }

    /// The code of any record of this line by id (for labels and save-as matching).
    pub fn code_of(&self, id: Uuid) -> Option<&str> {
        self.scales
            .get(&id)
            .map(|s| &s.code)
            .or_else(|| self.materials.get(&id).map(|m| &m.code))
            .or_else(|| self.bins.get(&id).map(|b| &b.code))
            .or_else(|| self.actions.get(&id).map(|a| &a.code))
            .or_else(|| self.modes.get(&id).map(|m| &m.code))
            .or_else(|| self.parameters.get(&id).map(|p| &p.code))
            .or_else(|| self.feeding_points.get(&id).map(|f| &f.0))
            .map(String::as_str)
    }
}

//! Each rule of [`super::check`] on a small line: one major scale with a bin of corn and soy, a
//! micro scale with a bin of premix, a mixing action with a time parameter, a miscellaneous
//! conditioning temperature.

use serde_json::json;
use uuid::Uuid;

use super::*;
use crate::recipe::{
    Bin, Category, Content, Material, MiscellaneousItem, MixingItem, Parameter, ParameterOwner,
    ParameterValue, Plant, Scale, Step, Unit, WeighingItem,
};

const MAJOR: u128 = 1;
const MICRO: u128 = 2;
const CORN: u128 = 10;
const SOY: u128 = 11;
const PREMIX: u128 = 12;
const GRAINS: u128 = 20;
const MICROS: u128 = 21;
const BIN_MAJOR: u128 = 30;
const BIN_MICRO: u128 = 31;
const DRY_MIX: u128 = 40;
const SPEED: u128 = 41;
const COND_TEMP: u128 = 42;

fn u(n: u128) -> Uuid {
    Uuid::from_u128(n)
}

fn plant() -> Plant {
    let mut p = Plant {
        mixer_capacity_kg: Some(4000.0),
        ..Plant::default()
    };
    let scale = |code: &str, min, cap| Scale {
        code: code.into(),
        name: code.into(),
        min_weigh_kg: Some(min),
        capacity_kg: cap,
    };
    p.scales.insert(u(MAJOR), scale("S-MAJOR", 5.0, 3000.0));
    p.scales.insert(u(MICRO), scale("S-MICRO", 0.05, 25.0));
    let material = |code: &str, cat| Material {
        code: code.into(),
        name: code.into(),
        category_id: Some(u(cat)),
        scale_ids: vec![],
        active: true,
    };
    p.materials.insert(u(CORN), material("CORN", GRAINS));
    p.materials.insert(u(SOY), material("SOY", GRAINS));
    p.materials.insert(u(PREMIX), material("PREMIX", MICROS));
    p.categories.insert(
        u(GRAINS),
        Category {
            code: "GRAIN".into(),
            name: "Grains".into(),
            allowed_scale_ids: vec![u(MAJOR)],
        },
    );
    p.categories.insert(u(MICROS), Category::default());
    p.bins.insert(
        u(BIN_MAJOR),
        Bin {
            code: "BIN-01".into(),
            name: "Bin 1".into(),
            scale_id: Some(u(MAJOR)),
            material_ids: vec![u(CORN), u(SOY)],
        },
    );
    p.bins.insert(
        u(BIN_MICRO),
        Bin {
            code: "BIN-30".into(),
            name: "Bin 30".into(),
            scale_id: Some(u(MICRO)),
            material_ids: vec![u(PREMIX)],
        },
    );
    p.actions.insert(
        u(DRY_MIX),
        Step {
            code: "DRY_MIX".into(),
            name: "Dry mix".into(),
            parameter_ids: vec![u(SPEED)],
        },
    );
    let parameter = |owner, code: &str, min, max| Parameter {
        owner,
        code: code.into(),
        name: code.into(),
        data_type: "DECIMAL".into(),
        unit: None,
        min: Some(min),
        max: Some(max),
        options: vec![],
    };
    p.parameters.insert(
        u(SPEED),
        parameter(ParameterOwner::Action, "SPEED", 10.0, 60.0),
    );
    p.parameters.insert(
        u(COND_TEMP),
        parameter(ParameterOwner::Miscellaneous, "COND_TEMP", 60.0, 90.0),
    );
    p
}

fn weighing(scale: u128, material: u128, kg: f64, tol: f64) -> WeighingItem {
    WeighingItem {
        id: None,
        sequence: 0,
        scale_id: Some(u(scale)),
        material_id: Some(u(material)),
        bin_id: None,
        setpoint: Some(kg),
        setpoint_unit: Unit::Kg,
        tolerance: Some(tol),
        tolerance_unit: Unit::Kg,
        feeding_point_id: None,
    }
}

/// A valid 1000 kg recipe.
fn good() -> Content {
    Content {
        name: "Grower".into(),
        description: None,
        product: None,
        batch_size_kg: 1000.0,
        medication_class: "NONE".into(),
        mixing_mode_id: None,
        weighing_items: vec![
            weighing(MAJOR, CORN, 600.0, 3.0),
            weighing(MAJOR, SOY, 390.0, 2.0),
            weighing(MICRO, PREMIX, 10.0, 0.1),
        ],
        mixing_items: vec![MixingItem {
            id: None,
            sequence: 1,
            mixing_action_id: Some(u(DRY_MIX)),
            mixing_mode_id: None,
            duration_s: Some(120.0),
            parameters: vec![ParameterValue {
                parameter_id: Some(u(SPEED)),
                value: json!(40),
            }],
        }],
        miscellaneous_items: vec![MiscellaneousItem {
            id: None,
            miscellaneous_parameter_id: Some(u(COND_TEMP)),
            value: json!("82"),
        }],
    }
}

/// The (field, message code, blocking) of each problem.
fn problems(c: &Content) -> Vec<(String, &'static str, bool)> {
    check(c, &plant(), Scope::All)
        .into_iter()
        .map(|p| (p.field, p.msg.code, p.blocking))
        .collect()
}

fn one(c: &Content) -> (String, &'static str, bool) {
    let all = problems(c);
    assert_eq!(all.len(), 1, "{all:?}");
    all.into_iter().next().unwrap()
}

#[test]
fn a_good_recipe_has_no_problems() {
    assert_eq!(problems(&good()), []);
}

#[test]
fn weighings_must_add_up_to_the_batch_within_their_tolerances() {
    let mut c = good();
    c.weighing_items[1].setpoint = Some(394.0); // 1004 kg, tolerances 5.1 kg: fine
    assert_eq!(problems(&c), []);
    c.weighing_items[1].setpoint = Some(396.0); // 1006 kg
    let (field, code, blocking) = one(&c);
    assert_eq!(
        (field.as_str(), code, blocking),
        ("weighingItems", "recipe.sumOff", false)
    );
}

#[test]
fn a_material_must_sit_in_a_bin_of_its_scale() {
    let mut c = good();
    c.weighing_items[2] = weighing(MAJOR, PREMIX, 10.0, 0.1);
    let all = problems(&c);
    assert!(
        all.contains(&(
            "weighingItems[2].materialId".into(),
            "recipe.notInBin",
            false
        )),
        "{all:?}"
    );
    let mut c = good();
    c.weighing_items[2].bin_id = Some(u(BIN_MAJOR));
    assert_eq!(one(&c).1, "recipe.binNotOnScale");
}

#[test]
fn the_category_must_allow_the_scale() {
    let mut p = plant();
    p.bins
        .get_mut(&u(BIN_MICRO))
        .unwrap()
        .material_ids
        .push(u(CORN));
    let mut c = good();
    c.weighing_items[0].setpoint = Some(590.0);
    c.weighing_items.push(weighing(MICRO, CORN, 10.0, 0.1));
    let all: Vec<_> = check(&c, &p, Scope::Weighing)
        .into_iter()
        .map(|p| (p.field, p.msg.code))
        .collect();
    assert_eq!(
        all,
        [(
            "weighingItems[3].materialId".to_string(),
            "recipe.categoryScale"
        )]
    );
}

#[test]
fn setpoints_must_be_within_the_scale_range() {
    let mut c = good();
    c.weighing_items[2].setpoint = Some(0.01);
    c.weighing_items[1].setpoint = Some(399.99);
    assert_eq!(one(&c).1, "recipe.belowMinWeigh");
    let mut c = good();
    c.batch_size_kg = 3500.0;
    c.weighing_items[0].setpoint = Some(3100.0);
    let all = problems(&c);
    assert!(all.iter().any(|p| p.1 == "recipe.aboveCapacity"), "{all:?}");
}

#[test]
fn tolerance_and_setpoint_must_be_above_zero_and_block_a_save() {
    let mut c = good();
    c.weighing_items[0].tolerance = Some(0.0);
    c.weighing_items[1].setpoint = Some(-1.0);
    let all = problems(&c);
    assert!(
        all.contains(&(
            "weighingItems[0].tolerance".into(),
            "recipe.tolerancePositive",
            true
        )),
        "{all:?}"
    );
    assert!(
        all.contains(&(
            "weighingItems[1].setpoint".into(),
            "recipe.setpointPositive",
            true
        )),
        "{all:?}"
    );
}

#[test]
fn a_material_may_not_be_weighed_twice_on_one_scale() {
    let mut c = good();
    c.weighing_items[1] = weighing(MAJOR, CORN, 390.0, 2.0);
    assert_eq!(
        one(&c),
        (
            "weighingItems[1].materialId".into(),
            "recipe.duplicateMaterial",
            false
        )
    );
}

#[test]
fn mixing_actions_and_modes_must_exist_and_durations_be_positive() {
    let mut c = good();
    c.mixing_items[0].mixing_mode_id = Some(u(999));
    c.mixing_items[0].duration_s = Some(0.0);
    let all = problems(&c);
    assert!(all.contains(&(
        "mixingItems[0].mixingModeId".into(),
        "recipe.modeMissing",
        true
    )));
    assert!(all.contains(&(
        "mixingItems[0].durationS".into(),
        "recipe.durationPositive",
        true
    )));
    c.mixing_items[0].mixing_action_id = Some(u(998));
    assert!(problems(&c).iter().any(|p| p.1 == "recipe.actionMissing"));
}

#[test]
fn parameter_values_must_be_inside_their_limits() {
    let mut c = good();
    c.mixing_items[0].parameters[0].value = json!(75);
    assert_eq!(
        one(&c),
        (
            "mixingItems[0].parameters[0].value".into(),
            "recipe.valueAbove",
            false
        )
    );
    let mut c = good();
    c.miscellaneous_items[0].value = json!("55");
    assert_eq!(
        one(&c),
        (
            "miscellaneousItems[0].value".into(),
            "recipe.valueBelow",
            false
        )
    );
    c.miscellaneous_items[0].value = json!("warm");
    assert_eq!(one(&c).1, "recipe.valueNumber");
}

#[test]
fn a_misc_parameter_on_a_mixing_step_is_refused() {
    let mut c = good();
    c.mixing_items[0].parameters[0].parameter_id = Some(u(COND_TEMP));
    c.mixing_items[0].parameters[0].value = json!(80);
    assert_eq!(
        one(&c),
        (
            "mixingItems[0].parameters[0].parameterId".into(),
            "recipe.parameterNotOfStep",
            true
        )
    );
}

#[test]
fn the_batch_may_not_exceed_the_mixer() {
    let mut c = good();
    c.batch_size_kg = 5000.0;
    let all = problems(&c);
    assert!(
        all.contains(&("batchSizeKg".into(), "recipe.batchAboveMixer", false)),
        "{all:?}"
    );
}

#[test]
fn percent_items_are_checked_in_kg() {
    let mut c = good();
    c.weighing_items[0].setpoint = Some(60.0);
    c.weighing_items[0].setpoint_unit = Unit::Percent;
    c.weighing_items[0].tolerance = Some(0.5);
    c.weighing_items[0].tolerance_unit = Unit::Percent;
    assert_eq!(problems(&c), []);
    c.weighing_items[0].setpoint = Some(120.0);
    assert_eq!(one(&c).1, "recipe.percentAbove100");
}

#[test]
fn each_problem_names_its_item() {
    let mut c = good();
    c.weighing_items[1].tolerance = None;
    let p = check(&c, &plant(), Scope::All);
    let item = p[0].item.clone().unwrap();
    assert_eq!(item.code, "recipe.item.weighing");
    assert_eq!(
        item.args,
        vec![("n", "2".to_string()), ("material", "SOY".to_string())]
    );
}

#[test]
fn a_chosen_bin_must_hold_the_material_and_the_material_allow_the_scale() {
    let mut p = plant();
    p.bins
        .get_mut(&u(BIN_MAJOR))
        .unwrap()
        .material_ids
        .retain(|m| *m != u(SOY));
    let mut c = good();
    c.weighing_items[1].bin_id = Some(u(BIN_MAJOR));
    let codes: Vec<_> = check(&c, &p, Scope::Weighing)
        .into_iter()
        .map(|p| (p.field, p.msg.code))
        .collect();
    assert_eq!(
        codes,
        [(
            "weighingItems[1].binId".to_string(),
            "recipe.binLacksMaterial"
        )]
    );
    let mut p = plant();
    p.materials.get_mut(&u(CORN)).unwrap().scale_ids = vec![u(MICRO)];
    let codes: Vec<_> = check(&good(), &p, Scope::Weighing)
        .into_iter()
        .map(|p| (p.field, p.msg.code))
        .collect();
    assert_eq!(
        codes,
        [(
            "weighingItems[0].materialId".to_string(),
            "recipe.materialScale"
        )]
    );
}

#[test]
fn values_of_each_data_type_are_checked() {
    let mut p = plant();
    let speed = p.parameters.get_mut(&u(SPEED)).unwrap();
    speed.data_type = "ENUM".into();
    speed.options = vec!["SLOW".into(), "FAST".into()];
    let mut c = good();
    c.mixing_items[0].parameters[0].value = json!("FAST");
    assert!(check(&c, &p, Scope::Mixing).is_empty());
    c.mixing_items[0].parameters[0].value = json!("TURBO");
    assert_eq!(
        check(&c, &p, Scope::Mixing)[0].msg.code,
        "recipe.valueOption"
    );
    let speed = p.parameters.get_mut(&u(SPEED)).unwrap();
    speed.data_type = "BOOL".into();
    c.mixing_items[0].parameters[0].value = json!(true);
    assert!(check(&c, &p, Scope::Mixing).is_empty());
    c.mixing_items[0].parameters[0].value = json!("maybe");
    assert_eq!(check(&c, &p, Scope::Mixing)[0].msg.code, "recipe.valueBool");
    let speed = p.parameters.get_mut(&u(SPEED)).unwrap();
    speed.data_type = "INT".into();
    c.mixing_items[0].parameters[0].value = json!(40.5);
    assert_eq!(
        check(&c, &p, Scope::Mixing)[0].msg.code,
        "recipe.valueInteger"
    );
    c.mixing_items[0].parameters[0].value = json!(null);
    assert_eq!(
        check(&c, &p, Scope::Mixing)[0].msg.code,
        "recipe.valueRequired"
    );
}

//! What screen readers are told beyond what egui tells them: groups that say whose panel a
//! widget is in, and menus named after their visible label. The tests find widgets the
//! same way, so two "Name" fields are told apart by their panel.

use eframe::egui::{accesskit, Context, Id, Response};

/// Marks `id` as a group with this label for screen readers (and the tests), so that the
/// widgets drawn inside `content` are read as part of it.
pub fn group<R>(ctx: &Context, id: Id, label: &str, content: impl FnOnce() -> R) -> R {
    ctx.accesskit_node_builder(id, |node| {
        node.set_role(accesskit::Role::Group);
        node.set_label(label);
    });
    ctx.with_accessibility_parent(id, content)
}

/// Makes a menu read as its visible `label`, with its choice as its value (egui names a
/// menu after nothing, and draws its choice as plain paint).
pub fn name_menu(menu: &Response, label: &Response, selected: &str) {
    menu.ctx.accesskit_node_builder(menu.id, |node| {
        node.clear_label();
        node.set_value(selected);
    });
    let _ = menu.clone().labelled_by(label.id);
}

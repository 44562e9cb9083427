//! Inputs the fuzz targets (`fuzz/`) found, kept as regression tests.

use stratego_rules::GravonGame;

/// `stratego_records` found a Gravon game whose player element held only
/// white space: it read as the name `""`, which `to_xml` wrote as an empty
/// element that reads back as no player, so the round trip changed the
/// game. A blank name is now no name.
#[test]
fn stratego_records_crash_bf31ed5c_blank_player_name_round_trips() {
    let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game type=\"barrage\">\n  \
        <field content=\"AAAAAADAAAEAAMACAAAAAADAAABAAALAAAAKAAAAAQ__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAXPAAAAAAAWONAAAAAAAPQY\"/>\n  \
        <player id=\"1\">anna</player>\n  <player id=\"2\">  \n </player>\n </game>\n</stratego>\n";
    let game = GravonGame::parse(xml).expect("a Gravon game");
    assert_eq!(game.players, [Some("anna".to_owned()), None]);
    assert_eq!(GravonGame::parse(&game.to_xml()), Ok(game));
}

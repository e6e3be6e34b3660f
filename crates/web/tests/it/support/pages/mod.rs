//! A page object per game: the player's steps on its page (press a cell, start a game, read the status) as
//! methods, with the page's selectors and the scripts that read it in one place. A story then reads as what the
//! player does and sees; a change to a page's markup is one change here.

pub mod lights;
pub mod relay;
pub mod tictactoe;
pub mod werewolf;
